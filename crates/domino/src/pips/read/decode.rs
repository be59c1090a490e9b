//! Turning the bytes of a PNG or JPEG into pixels, within limits: a
//! picture's header may promise any size (a decompression bomb is a small
//! file that says 100000 x 100000), so the size is checked before any
//! pixel is decoded, and the decoder's allocations are capped.

use super::ReadError;
use image::{ImageDecoder, ImageFormat, ImageReader, RgbImage};
use std::io::Cursor;

/// The widest or tallest picture read, in pixels (a 5K screen is 5120).
pub const MAX_SIDE_PIXELS: u32 = 8192;

/// The most pixels a picture may have: 12 million (a 4K screenshot has 8.3
/// million), so the decoded picture and the reader's own tables stay well
/// under 256 MiB.
pub const MAX_PIXELS: u64 = 12_000_000;

/// What the decoder may allocate at once: a 12-megapixel picture in 8-bit
/// RGBA and a little more.
const MAX_ALLOC: u64 = 64 * 1024 * 1024;

/// The picture in `bytes` as 8-bit RGB, or why not.
pub fn decode(bytes: &[u8]) -> Result<RgbImage, ReadError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ReadError::Image(e.to_string()))?;
    match reader.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg) => {}
        _ => return Err(ReadError::Image("not a PNG or JPEG picture".to_string())),
    }
    let mut reader = reader;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE_PIXELS);
    limits.max_image_height = Some(MAX_SIDE_PIXELS);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let decoder = reader
        .into_decoder()
        .map_err(|e| ReadError::Image(e.to_string()))?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ReadError::Image(format!(
            "{width} x {height} pixels is more than the {MAX_PIXELS} a screenshot may have"
        )));
    }
    if width == 0 || height == 0 {
        return Err(ReadError::Image("the picture has no pixels".to_string()));
    }
    let picture =
        image::DynamicImage::from_decoder(decoder).map_err(|e| ReadError::Image(e.to_string()))?;
    Ok(picture.into_rgb8())
}
