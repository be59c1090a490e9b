"""Makes the variations of the shared screenshots (run calls it):
make.py SHOTS_DIR OUT_DIR writes OUT_DIR/VARIATION/shot-NN.(png|jpg)."""
import os
import sys
from PIL import Image, ImageChops, ImageDraw

WHITE = (255, 255, 255)


def content_box(im, top, bottom):
    """The box of what is not white between rows top and bottom."""
    part = im.crop((0, top, im.width, bottom))
    box = ImageChops.difference(part, Image.new("RGB", part.size, WHITE)).getbbox()
    if box is None:
        return None
    return (box[0], box[1] + top, box[2], box[3] + top)


def divider(im):
    """The row of the grey line above the tray (the lowest row, below the
    middle, that is one light grey across the width)."""
    for y in range(im.height - 200, im.height // 2, -1):
        row = [im.getpixel((x, y)) for x in range(20, im.width - 20, 37)]
        if all(200 <= p[0] <= 240 and p[0] == p[1] == p[2] for p in row):
            return y
    return None


def pad(im, box, margin=12):
    return im.crop((max(box[0] - margin, 0), max(box[1] - margin, 0),
                    min(box[2] + margin, im.width), min(box[3] + margin, im.height)))


def main():
    shots, out = sys.argv[1], sys.argv[2]
    names = sorted(f[:-4] for f in os.listdir(shots) if f.endswith(".png"))
    for v in ["scale-50", "scale-75", "scale-150", "scale-200", "crop", "jpeg-60",
              "status-bar", "desktop", "dark"]:
        os.makedirs(os.path.join(out, v), exist_ok=True)
    for name in names:
        im = Image.open(os.path.join(shots, name + ".png")).convert("RGB")
        for pct in (50, 75, 150, 200):
            size = (im.width * pct // 100, im.height * pct // 100)
            im.resize(size, Image.LANCZOS).save(os.path.join(out, f"scale-{pct}", name + ".png"))
        cut = divider(im) or im.height * 4 // 5
        box = content_box(im, 280, im.height - 110)
        if box:
            pad(im, box).save(os.path.join(out, "crop", name + ".png"))
        im.save(os.path.join(out, "jpeg-60", name + ".jpg"), quality=60)
        bar = im.copy()
        draw = ImageDraw.Draw(bar)
        draw.rectangle((0, 0, im.width, 110), fill=WHITE)
        draw.text((90, 40), "09:41", fill=(0, 0, 0))
        draw.rectangle((im.width - 150, 45, im.width - 60, 80), fill=(40, 200, 40))
        bar.save(os.path.join(out, "status-bar", name + ".png"))
        board = content_box(im, 280, cut - 10)
        tray = content_box(im, cut + 10, im.height - 110)
        if board and tray:
            b, t = pad(im, board, 30), pad(im, tray, 30)
            wide = Image.new("RGB", (b.width + t.width + 300, max(b.height, t.height) + 200), WHITE)
            wide.paste(b, (100, 100))
            wide.paste(t, (b.width + 200, 100 + (b.height - t.height) // 2 if b.height > t.height else 100))
            wide.save(os.path.join(out, "desktop", name + ".png"))
        dark = im.copy()
        ImageDraw.floodfill(dark, (5, im.height // 2), (28, 28, 30), thresh=8)
        dark.save(os.path.join(out, "dark", name + ".png"))


if __name__ == "__main__":
    main()
