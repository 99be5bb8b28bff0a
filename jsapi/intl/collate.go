package intl

import (
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/rivo/uniseg"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// newCollator returns a compare function for Intl.Collator. x/text/collate
// has no caseFirst, so "upper" flips the order of strings that differ only
// in case, which is what ICU's upper-first does at the tertiary level.
func newCollator(locale, sensitivity string, numeric, ignorePunct bool, caseFirst string) func(a, b string) int {
	tagStr := locale
	if ignorePunct {
		tagStr += "-u-ka-shifted"
	}
	tag, err := language.Parse(tagStr)
	if err != nil {
		tag = language.Und
	}
	var opts []collate.Option
	if ignorePunct {
		opts = append(opts, collate.OptionsFromTag(tag))
	}
	switch sensitivity {
	case "base":
		opts = append(opts, collate.IgnoreCase, collate.IgnoreDiacritics)
	case "accent":
		opts = append(opts, collate.IgnoreCase)
	}
	if numeric {
		opts = append(opts, collate.Numeric)
	}
	c := collate.New(tag, opts...)
	if sensitivity == "case" {
		// ICU: base letters and case count, accents do not. x/text cannot
		// drop the secondary level alone, so compare base letters first,
		// then the accent-stripped strings in full.
		base := collate.New(tag, append(opts, collate.IgnoreCase, collate.IgnoreDiacritics)...)
		full := collate.New(tag, opts...)
		return func(a, b string) int {
			if r := base.CompareString(a, b); r != 0 {
				return r
			}
			return full.CompareString(stripMarks(a), stripMarks(b))
		}
	}
	var caseless *collate.Collator
	if caseFirst == "upper" && (sensitivity == "variant" || sensitivity == "case") {
		caseless = collate.New(tag, append(opts, collate.IgnoreCase)...)
	}
	return func(a, b string) int {
		r := c.CompareString(a, b)
		if caseless != nil && r != 0 && caseless.CompareString(a, b) == 0 {
			return -r
		}
		return r
	}
}

// segment splits s for Intl.Segmenter and returns, per segment, its start
// and end in UTF-16 code units and (for words) whether it is word-like; nil
// when the words of s need a dictionary.
func segment(granularity, s string) [][3]int {
	out := [][3]int{}
	pos := 0
	add := func(seg string, wordLike bool) {
		n := utf16Len(seg)
		w := 0
		if wordLike {
			w = 1
		}
		out = append(out, [3]int{pos, pos + n, w})
		pos += n
	}
	switch granularity {
	case "word":
		if needsDictionary(s) {
			return nil
		}
		state := -1
		rest := s
		for len(rest) > 0 {
			var seg string
			seg, rest, state = uniseg.FirstWordInString(rest, state)
			add(seg, isWordLike(seg))
		}
	case "sentence":
		state := -1
		rest := s
		for len(rest) > 0 {
			var seg string
			seg, rest, state = uniseg.FirstSentenceInString(rest, state)
			add(seg, false)
		}
	default:
		state := -1
		rest := s
		for len(rest) > 0 {
			var seg string
			seg, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
			add(seg, false)
		}
	}
	return out
}

// needsDictionary reports text ICU splits into words with dictionaries
// (Chinese, Japanese, Thai, Lao, Khmer, Myanmar), which UAX #29 rules alone
// cannot reproduce.
func needsDictionary(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) {
			return true
		}
	}
	return false
}

// isWordLike mirrors ICU's word rule status: a segment holding a letter,
// number or ideograph is a word; spaces and punctuation are not.
func isWordLike(seg string) bool {
	for _, r := range seg {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}

// stripMarks removes combining marks after canonical decomposition.
func stripMarks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
