#include "rk_vips_testing.h"

/* Why each function exists is written in rk_vips_testing.h. */

int
rk_vips_save_to_buffer(VipsImage *in, const char *suffix,
	void **buffer, size_t *length)
{
	return vips_image_write_to_buffer(in, suffix, buffer, length, NULL);
}

int
rk_vips_black(VipsImage **out, int width, int height)
{
	return vips_black(out, width, height, NULL);
}

int
rk_vips_icc_transform(VipsImage *in, VipsImage **out,
	const char *output_profile, const char *input_profile)
{
	return vips_icc_transform(in, out, output_profile,
		"input_profile", input_profile,
		"embedded", TRUE,
		NULL);
}
