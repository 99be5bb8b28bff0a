package intl

import (
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	// Zone data in the binary: Node carries ICU's, and a machine or
	// container without /usr/share/zoneinfo must still resolve timeZone.
	_ "time/tzdata"

	"github.com/dop251/goja"
	"golang.org/x/text/language"
)

//go:embed intl.js
var intlSource string

//go:embed data/*.tsv.gz
var dataFS embed.FS

// program is compiled once per process; goja programs are shareable.
var program = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("intl.js", intlSource, true)
})

// localeTables is one locale's data file: "key<TAB>JSON" lines that
// internal/gen/gen.mjs split so a runtime parses only what it formats with.
// A section ("number") lists its parts under "number/keys"; a part is
// "number.currency"; the big date parts are split into entries such as
// "date.style/full|short|".
type localeTables map[string]string

var (
	tablesMu sync.Mutex
	tables   = map[string]localeTables{}
)

// tablesFor loads a locale's tables on first use per process.
func tablesFor(locale string) (localeTables, error) {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t, ok := tables[locale]; ok {
		return t, nil
	}
	f, err := dataFS.Open("data/" + locale + ".tsv.gz")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	// One string for the file; the map's values are slices of it.
	all := string(b)
	m := localeTables{}
	for len(all) > 0 {
		line := all
		if i := strings.IndexByte(all, '\n'); i >= 0 {
			line, all = all[:i], all[i+1:]
		} else {
			all = ""
		}
		k, v, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("intl: %s: malformed table line %q", locale, k)
		}
		m[k] = v
	}
	tables[locale] = m
	return m, nil
}

// Install defines globalThis.Intl and points the locale-sensitive methods of
// Number, BigInt, Date, String and Array prototypes at it. Loop only: call it
// on the goroutine that owns rt.
func Install(rt *goja.Runtime) error {
	inst := &installer{rt: rt}
	global := rt.GlobalObject()
	getter := rt.ToValue(func(goja.FunctionCall) goja.Value {
		v, err := inst.intl()
		if err != nil {
			panic(rt.NewGoError(err))
		}
		// Later reads of globalThis.Intl need not go through the accessor.
		_ = global.DefineDataProperty("Intl", v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		return v
	})
	// Assigning Intl replaces the accessor with a plain data property, as
	// if Intl had always been one.
	setter := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		_ = global.DefineDataProperty("Intl", call.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		return goja.Undefined()
	})
	if err := global.DefineAccessorProperty("Intl", getter, setter, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return fmt.Errorf("install intl: %w", err)
	}
	// The prototype methods call into the same lazily built object.
	hooks := []struct{ ctor, name, fn string }{
		{"Number", "toLocaleString", "numberToLocaleString"},
		{"BigInt", "toLocaleString", "numberToLocaleString"},
		{"Date", "toLocaleString", "dateToLocaleString"},
		{"Date", "toLocaleDateString", "dateToLocaleDateString"},
		{"Date", "toLocaleTimeString", "dateToLocaleTimeString"},
		{"String", "localeCompare", "stringLocaleCompare"},
		{"Array", "toLocaleString", "arrayToLocaleString"},
	}
	for _, h := range hooks {
		ctor := global.Get(h.ctor)
		if ctor == nil || goja.IsUndefined(ctor) {
			continue
		}
		proto := ctor.ToObject(rt).Get("prototype").ToObject(rt)
		fnName := h.fn
		nargs := 0
		if h.name == "localeCompare" {
			nargs = 1
		}
		f := rt.ToValue(func(call goja.FunctionCall) goja.Value {
			if _, err := inst.intl(); err != nil {
				panic(rt.NewGoError(err))
			}
			fn, _ := goja.AssertFunction(inst.hooks.Get(fnName))
			args := append([]goja.Value{}, call.Arguments...)
			v, err := fn(call.This, args...)
			if err != nil {
				panic(err)
			}
			return v
		}).ToObject(rt)
		_ = f.DefineDataProperty("name", rt.ToValue(h.name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		_ = f.DefineDataProperty("length", rt.ToValue(nargs), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		if err := proto.DefineDataProperty(h.name, f, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
			return fmt.Errorf("install intl: %s.prototype.%s: %w", h.ctor, h.name, err)
		}
	}
	return nil
}

type installer struct {
	rt    *goja.Runtime
	obj   goja.Value
	hooks *goja.Object
	err   error
}

// intl builds the Intl object on first use and caches it (or the error).
// The prototype hooks call it too, without touching globalThis.Intl.
func (in *installer) intl() (goja.Value, error) {
	if in.obj != nil || in.err != nil {
		return in.obj, in.err
	}
	in.obj, in.err = in.build()
	return in.obj, in.err
}

func (in *installer) build() (goja.Value, error) {
	rt := in.rt
	prog, err := program()
	if err != nil {
		return nil, fmt.Errorf("intl: compile: %w", err)
	}
	fv, err := rt.RunProgram(prog)
	if err != nil {
		return nil, fmt.Errorf("intl: run: %w", err)
	}
	fn, ok := goja.AssertFunction(fv)
	if !ok {
		return nil, fmt.Errorf("intl: intl.js did not yield a function")
	}
	host := newHost(rt)
	res, err := fn(goja.Undefined(), host)
	if err != nil {
		return nil, fmt.Errorf("intl: init: %w", err)
	}
	o := res.ToObject(rt)
	in.hooks = o.Get("hooks").ToObject(rt)
	return o.Get("Intl"), nil
}

// newHost returns the Go helpers intl.js calls.
func newHost(rt *goja.Runtime) *goja.Object {
	h := rt.NewObject()
	set := func(name string, f func(goja.FunctionCall) goja.Value) { _ = h.Set(name, f) }
	set("data", func(c goja.FunctionCall) goja.Value {
		t, err := tablesFor(c.Argument(0).String())
		if err != nil {
			panic(rt.NewGoError(err))
		}
		s, ok := t[c.Argument(1).String()]
		if !ok {
			return goja.Undefined()
		}
		return rt.ToValue(s)
	})
	set("keys", func(c goja.FunctionCall) goja.Value {
		t, err := tablesFor(c.Argument(0).String())
		if err != nil {
			panic(rt.NewGoError(err))
		}
		s, ok := t[c.Argument(1).String()+"/keys"]
		if !ok {
			return goja.Undefined()
		}
		return rt.ToValue(s)
	})
	set("item", func(c goja.FunctionCall) goja.Value {
		t, err := tablesFor(c.Argument(0).String())
		if err != nil {
			panic(rt.NewGoError(err))
		}
		s, ok := t[c.Argument(1).String()+"/"+c.Argument(2).String()]
		if !ok {
			return goja.Undefined()
		}
		return rt.ToValue(s)
	})
	set("maximize", func(c goja.FunctionCall) goja.Value {
		s, ok := maximize(c.Argument(0).String())
		if !ok {
			return goja.Null()
		}
		return rt.ToValue(s)
	})
	set("canonicalize", func(c goja.FunctionCall) goja.Value {
		s, ok := canonicalize(c.Argument(0).String())
		if !ok {
			return goja.Null()
		}
		return rt.ToValue(s)
	})
	set("defaultLocale", func(goja.FunctionCall) goja.Value { return rt.ToValue(ProcessLocale()) })
	set("defaultTimeZone", func(goja.FunctionCall) goja.Value { return rt.ToValue(processTimeZone()) })
	set("timeZone", func(c goja.FunctionCall) goja.Value {
		name, ok := canonicalZone(c.Argument(0).String())
		if !ok {
			return goja.Null()
		}
		return rt.ToValue(name)
	})
	set("fields", func(c goja.FunctionCall) goja.Value {
		return rt.ToValue(zoneFields(c.Argument(0).ToFloat(), c.Argument(1).String()))
	})
	set("collator", func(c goja.FunctionCall) goja.Value {
		return rt.ToValue(newCollator(c.Argument(0).String(), c.Argument(1).String(), c.Argument(2).ToBoolean(), c.Argument(3).ToBoolean(), c.Argument(4).String()))
	})
	set("segment", func(c goja.FunctionCall) goja.Value {
		b := segment(c.Argument(0).String(), c.Argument(1).String())
		if b == nil {
			return goja.Null()
		}
		return rt.ToValue(b)
	})
	return h
}

// canonicalize returns the canonical form of a BCP 47 tag, or false when it
// is not well-formed (ECMA-402 IsStructurallyValidLanguageTag).
func canonicalize(tag string) (string, bool) {
	if tag == "" || strings.ContainsAny(tag, "_ ") {
		return "", false
	}
	t, err := language.Parse(tag)
	if err == nil {
		return t.String(), true
	}
	// x/text rejects well-formed tags with subtags it does not know ("xx");
	// ECMA-402 only asks for structural validity, so case them by hand.
	if _, unknown := err.(language.ValueError); !unknown || !wellFormed.MatchString(tag) {
		return "", false
	}
	parts := strings.Split(strings.ToLower(tag), "-")
	for i := 1; i < len(parts); i++ {
		switch {
		case len(parts[i-1]) == 1:
			i = len(parts) // extensions and private use stay lower case
		case len(parts[i]) == 2:
			parts[i] = strings.ToUpper(parts[i])
		case len(parts[i]) == 4 && parts[i][0] >= 'a':
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "-"), true
}

// wellFormed is unicode_locale_id's shape: language, script, region,
// variants, then extensions.
var wellFormed = regexp.MustCompile(`(?i)^([a-z]{2,3}|[a-z]{5,8})(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?(-([a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*(-[0-9a-wy-z](-[a-z0-9]{2,8})+)*(-x(-[a-z0-9]{1,8})+)?$`)

// ProcessLocale is the default locale as ICU picks it for Node: LC_ALL,
// then LC_MESSAGES, then LANG ("de_DE.UTF-8" is de-DE; C and POSIX are
// en-US). navigator.language is the same.
var ProcessLocale = sync.OnceValue(func() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		v, _, _ = strings.Cut(v, ".")
		v, _, _ = strings.Cut(v, "@")
		if v == "C" || v == "POSIX" || v == "" {
			return "en-US"
		}
		if c, ok := canonicalize(strings.ReplaceAll(v, "_", "-")); ok {
			return c
		}
		return "en-US"
	}
	return "en-US"
})

// processTimeZone is read once per process, as V8 does.
var processTimeZone = sync.OnceValue(defaultTimeZone)

// maximize adds likely script and region subtags (CLDR likely subtags, as
// x/text/language has them) to a language[-script][-region] tag.
func maximize(tag string) (string, bool) {
	t, err := language.Parse(tag)
	if err != nil {
		return "", false
	}
	b, _ := t.Base()
	s, _ := t.Script()
	r, _ := t.Region()
	out, err := language.Compose(b, s, r)
	if err != nil {
		return "", false
	}
	return out.String(), true
}

// defaultTimeZone is the process time zone as Node reports it: TZ if set,
// else the zone /etc/localtime names; Etc/UTC and friends are "UTC".
func defaultTimeZone() string {
	name := os.Getenv("TZ")
	if name == "" {
		if target, err := os.Readlink("/etc/localtime"); err == nil {
			if i := strings.Index(target, "zoneinfo/"); i >= 0 {
				name = target[i+len("zoneinfo/"):]
			}
		}
	}
	name = strings.TrimPrefix(name, ":")
	if n, ok := canonicalZone(name); ok {
		return n
	}
	return "UTC"
}

var zoneCache sync.Map // name -> *time.Location

var offsetZone = regexp.MustCompile(`^([+-])(\d\d)(?::?(\d\d))?$`)

func loadZone(name string) (*time.Location, bool) {
	if v, ok := zoneCache.Load(name); ok {
		return v.(*time.Location), true
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, false
	}
	zoneCache.Store(name, loc)
	return loc, true
}

// canonicalZone validates an IANA name case-insensitively and returns the
// spelling Node reports (UTC aliases collapse to "UTC").
func canonicalZone(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	switch strings.ToLower(name) {
	case "utc", "etc/utc", "etc/gmt", "gmt", "etc/uct", "uct", "etc/universal", "universal", "etc/zulu", "zulu", "etc/gmt0", "gmt0", "etc/gmt+0", "etc/gmt-0", "gmt+0", "gmt-0", "etc/greenwich", "greenwich":
		return "UTC", true
	}
	if m := offsetZone.FindStringSubmatch(name); m != nil {
		// ECMA-402 offset time zones, reported as ±HH:MM.
		h, _ := strconv.Atoi(m[2])
		mm, _ := strconv.Atoi(m[3])
		if h > 23 || mm > 59 {
			return "", false
		}
		n := fmt.Sprintf("%s%02d:%02d", m[1], h, mm)
		off := (h*60 + mm) * 60
		if m[1] == "-" {
			off = -off
		}
		zoneCache.LoadOrStore(n, time.FixedZone(n, off))
		return n, true
	}
	if _, ok := loadZone(name); ok {
		return name, true
	}
	// Case-insensitive match: try the conventional capitalisation.
	parts := strings.Split(name, "/")
	for i, p := range parts {
		words := strings.Split(p, "_")
		for j, w := range words {
			if w != "" {
				words[j] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
			}
		}
		parts[i] = strings.Join(words, "_")
	}
	n := strings.Join(parts, "/")
	if _, ok := loadZone(n); ok {
		return n, true
	}
	return "", false
}

// zoneFields splits an epoch-milliseconds instant into calendar fields in a
// zone: year, month (1-12), day, weekday (0 = Sunday), hour, minute, second,
// millisecond, offset in minutes.
func zoneFields(ms float64, zone string) []int64 {
	loc, ok := loadZone(zone)
	if !ok || zone == "UTC" {
		loc = time.UTC
	}
	sec := int64(ms / 1000)
	rem := int64(ms) - sec*1000
	if rem < 0 {
		rem += 1000
		sec--
	}
	t := time.Unix(sec, rem*int64(time.Millisecond)).In(loc)
	_, off := t.Zone()
	return []int64{int64(t.Year()), int64(t.Month()), int64(t.Day()), int64(t.Weekday()), int64(t.Hour()), int64(t.Minute()), int64(t.Second()), rem, int64(off / 60)}
}
