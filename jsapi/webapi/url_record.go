package webapi

import (
	wurl "github.com/nlnwa/whatwg-url/url"
)

// urlRecord is a URL as the URL API sees it: a parsed WHATWG URL
// (github.com/nlnwa/whatwg-url, which runs the spec's parser and setters
// and passes the web platform tests' URL and setter cases) behind the
// handle url.js holds.
type urlRecord struct{ u *wurl.Url }

var urlParser = wurl.NewParser()

// parseURL runs the URL parser on input against base (nil: none); ok is
// false on failure.
func parseURL(input string, base *urlRecord) (*urlRecord, bool) {
	var u *wurl.Url
	var err error
	if base == nil {
		u, err = urlParser.Parse(input)
	} else {
		u, err = base.u.Parse(input)
	}
	if err != nil {
		return nil, false
	}
	return &urlRecord{u}, true
}

func (u *urlRecord) href() string { return u.u.Href(false) }

// origin is the ASCII serialization of the URL's origin; "null" when the
// origin is opaque (file: included, as in Node).
func (u *urlRecord) origin() string {
	switch u.u.Scheme() {
	case "blob":
		inner, ok := parseURL(u.u.Pathname(), nil)
		if ok && (inner.u.Scheme() == "http" || inner.u.Scheme() == "https") {
			return inner.origin()
		}
	case "ftp", "http", "https", "ws", "wss":
		return u.u.Scheme() + "://" + u.u.Host()
	}
	return "null"
}

// The URL API's attributes, in the order urlParts returns them.
const (
	partHref = iota
	partOrigin
	partProtocol
	partUsername
	partPassword
	partHost
	partHostname
	partPort
	partPathname
	partSearch
	partHash
	numParts
)

// parts returns the URL API's attribute values.
func (u *urlRecord) parts() [numParts]string {
	w := u.u
	return [numParts]string{partHref: w.Href(false), partOrigin: u.origin(), partProtocol: w.Protocol(),
		partUsername: w.Username(), partPassword: w.Password(), partHost: w.Host(), partHostname: w.Hostname(),
		partPort: w.Port(), partPathname: w.Pathname(), partSearch: w.Search(), partHash: w.Hash()}
}

// set runs the setter of the URL API attribute name (not href, which is a
// fresh parse). Invalid values are ignored, as the spec says.
func (u *urlRecord) set(name, value string) {
	w := u.u
	switch name {
	case "protocol":
		w.SetProtocol(value)
	case "username":
		w.SetUsername(value)
	case "password":
		w.SetPassword(value)
	case "host":
		w.SetHost(value)
	case "hostname":
		w.SetHostname(value)
	case "port":
		w.SetPort(value)
	case "pathname":
		w.SetPathname(value)
	case "search":
		w.SetSearch(value)
	case "hash":
		w.SetHash(value)
	}
}

// setQuery is the URLSearchParams update steps: the serialized list
// becomes the query, and an empty list removes it.
func (u *urlRecord) setQuery(serialized string) {
	u.u.SetSearch(serialized) // never starts with "?": form encoding escapes it
}
