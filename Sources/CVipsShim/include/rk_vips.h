#ifndef RK_VIPS_H
#define RK_VIPS_H

/* Fixed-arity front doors to libvips for Swift.
 *
 * Most of libvips' API takes its optional arguments as a NULL-terminated
 * variadic list (vips_thumbnail(file, &out, 400, "height", 400, ..., NULL)),
 * which Swift cannot call. Each function here fixes the options one caller in
 * Sources/RecordKeeper/Covers needs. Ownership follows libvips: an image
 * returned through `out` or as a result is a new reference the caller must
 * g_object_unref; a buffer returned through `buffer` must be g_free'd.
 * On failure the functions return -1 (or NULL) and leave the reason in
 * vips_error_buffer(), exactly like the calls they wrap.
 */

#include <stddef.h>
#include <vips/vips.h>

/* libvips start-up plus the process-wide policy rk wants: untrusted loaders
 * (ImageMagick, PDF, SVG, FITS…) blocked; the operation cache off, so a
 * cover file replaced on disk is never answered from the cache; and libvips'
 * warnings ("error in tile 0 x 392") kept off the terminal, since every
 * failure also reaches vips_error_buffer() and rk reports it from there.
 * VIPS_INIT is a macro, and the policy must be set right after it, once.
 * Returns 0 on success. */
int rk_vips_start(void);

/* The nickname of the loader libvips would pick for a buffer
 * ("jpegload", "pngload", "heifload"…), or NULL when nothing recognises it.
 * vips_foreign_find_load answers with a GType name; turning it into the
 * nickname needs g_type_from_name, which is simpler here than in Swift.
 * The string is static: do not free it. */
const char *rk_vips_loader_for_buffer(const void *data, size_t length);

/* Open an image for its header only: nothing is decoded until pixels are
 * asked for, so a decompression bomb can be measured and refused here.
 * vips_image_new_from_buffer is variadic (we pass fail_on=error).
 * The buffer must outlive the returned image. */
VipsImage *rk_vips_header_from_buffer(const void *data, size_t length);

/* vips_thumbnail_buffer is variadic. Shrinks on load,
 * honours the orientation tag and refuses truncated or corrupt input
 * (fail_on=error). `crop_centre` fills width x height and crops the centre;
 * `force` scales to exactly width x height ignoring the aspect ratio. Small
 * images are scaled up (size=both).
 * `convert_profile` converts from the embedded colour profile to sRGB; pass
 * it only when the image has one, because libvips' round trip through XYZ
 * for an image without a profile moves saturated colours (sRGB blue
 * 30,40,220 comes back as 77,31,221).
 * The buffer must outlive the returned image. */
int rk_vips_thumbnail_buffer(const void *data, size_t length, VipsImage **out,
	int width, int height, int crop_centre, int force, int convert_profile);

/* vips_resize is variadic; this uses its default (lanczos3) kernel. */
int rk_vips_resize(VipsImage *in, VipsImage **out, double scale);

/* vips_crop is variadic. */
int rk_vips_crop(VipsImage *in, VipsImage **out,
	int left, int top, int width, int height);

/* vips_colourspace is variadic; converts any interpretation (grey, 16-bit,
 * CMYK…) to 8-bit sRGB, keeping an alpha band if there is one. */
int rk_vips_to_srgb(VipsImage *in, VipsImage **out);

/* vips_flatten is variadic and needs its background as a VipsArrayDouble;
 * this flattens any alpha onto white. */
int rk_vips_flatten_on_white(VipsImage *in, VipsImage **out);

/* vips_cast_uchar and vips_extract_band are variadic. */
int rk_vips_cast_uchar(VipsImage *in, VipsImage **out);
int rk_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count);

/* vips_webpsave_buffer is variadic; lossy at `quality`, with strip=TRUE.
 * libvips 8.14.1's webpsave ignores strip and writes EXIF (rebuilt even for
 * an image without any), XMP and ICC chunks anyway, so the Swift side keeps
 * only the image chunk of what this returns (WebPFile.imageOnly). */
int rk_vips_webpsave(VipsImage *in, void **buffer, size_t *length, int quality);

#endif
