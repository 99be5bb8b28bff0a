package images

import (
	"image"
	"math"

	"golang.org/x/image/draw"
)

// resizeLanczos3 scales img to w×h as pi 1.6 does (photon's resize with
// SamplingFilter.Lanczos3, which is the Rust image crate's
// imageops::resize): a Lanczos kernel of support 3, widened by the
// scale when shrinking; a vertical pass into float32 samples, then a
// horizontal one rounded to 8 bits; straight (not premultiplied) alpha.
// The arithmetic is float32, as there, so that the pixels are pi's.
func resizeLanczos3(img image.Image, w, h int) *image.NRGBA {
	b := img.Bounds()
	src, ok := img.(*image.NRGBA)
	if !ok || b.Min != (image.Point{}) {
		src = image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	}
	sw, sh := b.Dx(), b.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	if sw == w && sh == h { // the crate copies an image of the same size
		copy(out.Pix, src.Pix)
		return out
	}
	// Vertical pass: sw×h float samples, a row at a time (each sample
	// still sums its taps in order, as the crate does).
	tmp := make([]float32, sw*h*4)
	for y := range h {
		left, ws := lanczosWeights(y, sh, h)
		acc := tmp[y*sw*4 : (y+1)*sw*4]
		for i, wt := range ws {
			row := src.Pix[(left+i)*src.Stride : (left+i)*src.Stride+sw*4]
			for j, v := range row {
				acc[j] += float32(float32(v) * wt)
			}
		}
	}
	// Horizontal pass, clamped and rounded to 8 bits.
	lefts, windows := make([]int, w), make([][]float32, w)
	for x := range w {
		lefts[x], windows[x] = lanczosWeights(x, sw, w)
	}
	for y := range h {
		row := tmp[y*sw*4 : (y+1)*sw*4]
		o := out.Pix[y*out.Stride : y*out.Stride+w*4]
		for x, ws := range windows {
			var t [4]float32
			p := row[lefts[x]*4:]
			for i, wt := range ws {
				t[0] += float32(p[i*4] * wt)
				t[1] += float32(p[i*4+1] * wt)
				t[2] += float32(p[i*4+2] * wt)
				t[3] += float32(p[i*4+3] * wt)
			}
			for c := range 4 {
				o[x*4+c] = uint8(math.Round(float64(min(max(t[c], 0), 255))))
			}
		}
	}
	return out
}

// lanczosWeights is the crate's window for output sample i of n taken
// from size input samples: the first input sample and the normalized
// weights of it and the ones after it.
func lanczosWeights(i, size, n int) (left int, ws []float32) {
	const support = 3
	ratio := float32(size) / float32(n)
	sratio := max(ratio, 1)
	srcSupport := support * sratio
	input := (float32(i) + 0.5) * ratio
	left = min(max(int(math.Floor(float64(input-srcSupport))), 0), size-1)
	right := min(max(int(math.Ceil(float64(input+srcSupport))), left+1), size)
	input -= 0.5
	var sum float32
	for j := left; j < right; j++ {
		wt := lanczos3((float32(j) - input) / sratio)
		ws = append(ws, wt)
		sum += wt
	}
	for j := range ws {
		ws[j] /= sum
	}
	return left, ws
}

// lanczos3 is the crate's lanczos3_kernel: sinc(x)·sinc(x/3) inside ±3.
func lanczos3(x float32) float32 {
	if float32(math.Abs(float64(x))) >= 3 {
		return 0
	}
	return sinc(x) * sinc(x/3)
}

func sinc(t float32) float32 {
	if t == 0 {
		return 1
	}
	a := t * math.Pi
	return float32(math.Sin(float64(a))) / a
}
