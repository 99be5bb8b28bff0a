package intl

import (
	"testing"

	"github.com/dop251/goja"
)

func TestSmoke(t *testing.T) {
	rt := goja.New()
	if err := Install(rt); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		`(1234567.891).toLocaleString("en-US")`,
		`new Intl.NumberFormat("de",{style:"currency",currency:"EUR"}).format(-1234.5)`,
		`new Intl.NumberFormat("en",{notation:"compact"}).format(1234567)`,
		`new Date(Date.UTC(2024,0,5,3,4,5)).toLocaleString("en-US",{timeZone:"UTC"})`,
		`new Date(Date.UTC(2024,0,5,3,4,5)).toLocaleDateString("de",{dateStyle:"full", timeZone:"Europe/Berlin"})`,
		`new Intl.DateTimeFormat("ja",{dateStyle:"full", timeStyle:"full", timeZone:"Asia/Tokyo"}).format(0)`,
		`new Intl.PluralRules("en",{type:"ordinal"}).select(22)`,
		`["b","a","B","ä"].sort(new Intl.Collator("de").compare).join()`,
		`new Intl.RelativeTimeFormat("en",{numeric:"auto"}).format(-1,"day")`,
		`new Intl.ListFormat("es").format(["a","b","iglesia"])`,
		`new Intl.DisplayNames("fr",{type:"region"}).of("US")`,
		`[...new Intl.Segmenter("en",{granularity:"word"}).segment("Hello, world!")].map(s=>s.segment+":"+s.isWordLike).join("|")`,
		`JSON.stringify(new Intl.DateTimeFormat("en",{hour:"numeric",minute:"numeric"}).resolvedOptions())`,
	} {
		v, err := rt.RunString(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		t.Logf("%s => %q", src, v.String())
	}
}
