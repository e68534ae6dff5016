#ifndef RK_VIPS_TESTING_H
#define RK_VIPS_TESTING_H

/* Fixed-arity front doors to libvips for the tests' image makers only
 * (Tests/CoverTestSupport): what rk itself never does, kept out of the
 * shipped CVipsShim. Ownership and errors as in rk_vips.h. */

#include <stddef.h>
#include <vips/vips.h>

/* vips_image_write_to_buffer is variadic. `suffix` picks the format and
 * may carry options, as in ".jpg[Q=95]" or ".png[bitdepth=1]". Metadata
 * (orientation, EXIF, XMP, ICC) is kept: tests use this to make their
 * photos with libvips itself. */
int rk_vips_save_to_buffer(VipsImage *in, const char *suffix,
	void **buffer, size_t *length);

/* vips_black is variadic; tests make large blank images with it. */
int rk_vips_black(VipsImage **out, int width, int height);

/* vips_icc_transform is variadic. Converts from `input_profile` (used when
 * the image has none embedded) to `output_profile`, both file names or
 * libvips built-in names ("srgb", "p3", "cmyk"), and embeds the output
 * profile; tests use it to make photos tagged with a wide-gamut profile. */
int rk_vips_icc_transform(VipsImage *in, VipsImage **out,
	const char *output_profile, const char *input_profile);

#endif
