#include "rk_vips.h"

/* Why each function exists is written in rk_vips.h; in short, libvips'
 * options are NULL-terminated variadic lists Swift cannot call. */

static void
rk_vips_ignore_log(const gchar *domain, GLogLevelFlags level,
	const gchar *message, gpointer user_data)
{
}

int
rk_vips_start(void)
{
	if (VIPS_INIT("rk"))
		return -1;

	/* libvips repeats through g_warning what it also leaves in the error
	 * buffer, and logs benign trouble (a broken EXIF block) the same way.
	 */
	g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE,
		rk_vips_ignore_log, NULL);

	/* Only the loaders libvips marks as fuzzed and safe for untrusted
	 * input stay available (JPEG, PNG, WebP, HEIF, GIF, TIFF among them).
	 */
	vips_block_untrusted_set(TRUE);

	/* rk reads a file once per command; caching operations only risks
	 * answering for a file that was replaced at the same path.
	 */
	vips_cache_set_max(0);

	return 0;
}

static const char *
rk_vips_nickname(const char *type_name)
{
	GType type;

	if (!type_name)
		return NULL;
	type = g_type_from_name(type_name);
	if (!type)
		return NULL;
	return vips_nickname_find(type);
}

const char *
rk_vips_loader_for_buffer(const void *data, size_t length)
{
	return rk_vips_nickname(vips_foreign_find_load_buffer(data, length));
}

VipsImage *
rk_vips_header_from_buffer(const void *data, size_t length)
{
	return vips_image_new_from_buffer(data, length, "",
		"fail_on", VIPS_FAIL_ON_ERROR,
		NULL);
}

int
rk_vips_thumbnail_buffer(const void *data, size_t length, VipsImage **out,
	int width, int height, int crop_centre, int force, int convert_profile)
{
	VipsSize size = force ? VIPS_SIZE_FORCE : VIPS_SIZE_BOTH;
	VipsInteresting crop = crop_centre ?
		VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;

	/* vips_thumbnail_buffer takes a non-const pointer but only reads it.
	 *
	 * Its fail_on argument never reaches the loader (libvips passes
	 * loader options on from option_string only), so a truncated JPEG in
	 * memory would load with a grey bottom: say it in option_string too.
	 */
	if (convert_profile)
		return vips_thumbnail_buffer((void *) data, length, out, width,
			"height", height,
			"size", size,
			"crop", crop,
			"import_profile", "srgb",
			"export_profile", "srgb",
			"fail_on", VIPS_FAIL_ON_ERROR,
			"option_string", "fail_on=error",
			NULL);

	return vips_thumbnail_buffer((void *) data, length, out, width,
		"height", height,
		"size", size,
		"crop", crop,
		"fail_on", VIPS_FAIL_ON_ERROR,
		"option_string", "fail_on=error",
		NULL);
}

int
rk_vips_resize(VipsImage *in, VipsImage **out, double scale)
{
	return vips_resize(in, out, scale, NULL);
}

int
rk_vips_crop(VipsImage *in, VipsImage **out,
	int left, int top, int width, int height)
{
	return vips_crop(in, out, left, top, width, height, NULL);
}

int
rk_vips_to_srgb(VipsImage *in, VipsImage **out)
{
	return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

int
rk_vips_flatten_on_white(VipsImage *in, VipsImage **out)
{
	double white[3] = { 255.0, 255.0, 255.0 };
	VipsArrayDouble *background;
	int result;

	background = vips_array_double_new(white, 3);
	result = vips_flatten(in, out,
		"background", background,
		NULL);
	vips_area_unref(VIPS_AREA(background));

	return result;
}

int
rk_vips_cast_uchar(VipsImage *in, VipsImage **out)
{
	return vips_cast_uchar(in, out, NULL);
}

int
rk_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count)
{
	return vips_extract_band(in, out, first,
		"n", count,
		NULL);
}

int
rk_vips_webpsave(VipsImage *in, void **buffer, size_t *length, int quality)
{
	return vips_webpsave_buffer(in, buffer, length,
		"Q", quality,
		"strip", TRUE,
		NULL);
}
