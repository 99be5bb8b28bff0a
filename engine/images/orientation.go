package images

import (
	"image"

	"golang.org/x/image/draw"
)

// EXIF orientation, as pi 1.6 applies it before measuring or resizing a
// JPEG or WebP: 2 mirrors, 3 turns half way, 4 flips, 6 and 8 turn a
// quarter clockwise and counter-clockwise, 5 and 7 turn and mirror.

// exifOrientation is the orientation tag (1-8) of a JPEG's or WebP's EXIF
// data, 1 when there is none or it cannot be read.
func exifOrientation(b []byte) int {
	tiff := -1
	switch {
	case len(b) >= 2 && b[0] == 0xff && b[1] == 0xd8:
		tiff = jpegTIFFOffset(b)
	case len(b) >= 12 && string(b[0:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		tiff = webpTIFFOffset(b)
	}
	if tiff < 0 {
		return 1
	}
	return tiffOrientation(b, tiff)
}

func hasExifHeader(b []byte, at int) bool {
	return at+6 <= len(b) && string(b[at:at+6]) == "Exif\x00\x00"
}

func jpegTIFFOffset(b []byte) int {
	for off := 2; off < len(b)-1; {
		if b[off] != 0xff {
			return -1
		}
		marker := b[off+1]
		if marker == 0xff {
			off++
			continue
		}
		if marker == 0xe1 {
			if off+4 >= len(b) || off+10 > len(b) {
				return -1
			}
			if hasExifHeader(b, off+4) {
				return off + 10
			}
		}
		if off+4 > len(b) {
			return -1
		}
		off += 2 + (int(b[off+2])<<8 | int(b[off+3]))
	}
	return -1
}

func webpTIFFOffset(b []byte) int {
	for off := 12; off+8 <= len(b); {
		size := int(b[off+4]) | int(b[off+5])<<8 | int(b[off+6])<<16 | int(b[off+7])<<24
		data := off + 8
		if string(b[off:off+4]) == "EXIF" {
			if size < 0 || data+size > len(b) {
				return -1
			}
			if size >= 6 && hasExifHeader(b, data) {
				return data + 6
			}
			return data
		}
		if size < 0 {
			return -1
		}
		off = data + size + size%2
	}
	return -1
}

func tiffOrientation(b []byte, start int) int {
	if start+8 > len(b) {
		return 1
	}
	le := b[start] == 'I' && b[start+1] == 'I'
	u16 := func(p int) int {
		if le {
			return int(b[p]) | int(b[p+1])<<8
		}
		return int(b[p])<<8 | int(b[p+1])
	}
	u32 := func(p int) int {
		if le {
			return int(b[p]) | int(b[p+1])<<8 | int(b[p+2])<<16 | int(b[p+3])<<24
		}
		return int(b[p])<<24 | int(b[p+1])<<16 | int(b[p+2])<<8 | int(b[p+3])
	}
	ifd := start + u32(start+4)
	if ifd < start || ifd+2 > len(b) {
		return 1
	}
	n := u16(ifd)
	for i := range n {
		e := ifd + 2 + i*12
		if e+12 > len(b) {
			return 1
		}
		if u16(e) == 0x0112 {
			if v := u16(e + 8); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient returns img turned and mirrored as EXIF orientation o says.
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	src := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	w, h := b.Dx(), b.Dy()
	// to maps a source pixel to its place in the result (ow wide).
	var to func(x, y int) (int, int)
	ow, oh := w, h
	switch o {
	case 2:
		to = func(x, y int) (int, int) { return w - 1 - x, y }
	case 3:
		to = func(x, y int) (int, int) { return w - 1 - x, h - 1 - y }
	case 4:
		to = func(x, y int) (int, int) { return x, h - 1 - y }
	case 5: // a quarter clockwise, then mirrored
		to = func(x, y int) (int, int) { return y, x }
	case 6: // a quarter clockwise
		to = func(x, y int) (int, int) { return h - 1 - y, x }
	case 7: // a quarter counter-clockwise, then mirrored
		to = func(x, y int) (int, int) { return h - 1 - y, w - 1 - x }
	case 8: // a quarter counter-clockwise
		to = func(x, y int) (int, int) { return y, w - 1 - x }
	}
	if o >= 5 {
		ow, oh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range h {
		for x := range w {
			dx, dy := to(x, y)
			copy(dst.Pix[dy*dst.Stride+dx*4:dy*dst.Stride+dx*4+4], src.Pix[y*src.Stride+x*4:y*src.Stride+x*4+4])
		}
	}
	return dst
}
