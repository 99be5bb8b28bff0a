package node

import (
	"context"
	"errors"
	"net"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// dnsModule is "dns" (dns.js) and its promises: lookups and queries go
// through Go's resolver on a goroutine and settle through a loop callback.
// Results keep the resolver's order (Node 22's default "verbatim").
func dnsModule(rt modules.Runtime, module *goja.Object) error {
	d := &dnsHelpers{rt: rt, vm: rt.VM()}
	return libRunJS(rt, module, dnsProgram, map[string]any{
		"query": d.query,
	})
}

// dnsPromisesModule is "dns/promises".
func dnsPromisesModule(rt modules.Runtime, module *goja.Object) error {
	return libSubmodule(rt, module, "dns", "promises")
}

type dnsHelpers struct {
	rt modules.Runtime
	vm *goja.Runtime
}

// dnsErrorInfo is the {code, syscall, hostname} dns.js turns into Node's
// error ("getaddrinfo ENOTFOUND x", "queryTxt ENODATA x").
func dnsErrorInfo(err error, syscallName, host string) map[string]any {
	code := "ESERVFAIL"
	var de *net.DNSError
	if errors.As(err, &de) {
		switch {
		case de.IsNotFound:
			code = "ENOTFOUND"
			if syscallName != "getaddrinfo" {
				code = "ENODATA"
			}
		case de.IsTimeout:
			code = "ETIMEOUT"
			if syscallName == "getaddrinfo" {
				code = "EAI_AGAIN"
			}
		case de.IsTemporary:
			code = "EAI_AGAIN"
		}
	}
	if errors.Is(err, context.Canceled) {
		code = "ECANCELLED"
	}
	return map[string]any{"code": code, "syscall": syscallName, "hostname": host}
}

// query is query(kind, name, cb(err, result)): kind is "lookup" or a
// record type (A, AAAA, TXT, MX, CNAME, NS, SRV, PTR).
func (d *dnsHelpers) query(kind, name string, cb goja.Callable) {
	ctx := d.rt.Context()
	go func() {
		r := net.DefaultResolver
		var res any
		var err error
		syscallName := "query" + strings.ToUpper(kind[:1]) + strings.ToLower(kind[1:])
		switch kind {
		case "lookup":
			syscallName = "getaddrinfo"
			var addrs []net.IPAddr
			addrs, err = r.LookupIPAddr(ctx, name)
			var list []any
			for _, a := range addrs {
				fam := 6
				if a.IP.To4() != nil {
					fam = 4
				}
				list = append(list, map[string]any{"address": a.IP.String(), "family": fam})
			}
			res = list
		case "A", "AAAA":
			var ips []net.IP
			network := "ip4"
			if kind == "AAAA" {
				network = "ip6"
			}
			ips, err = r.LookupIP(ctx, network, name)
			var list []any
			for _, ip := range ips {
				list = append(list, ip.String())
			}
			res = list
		case "TXT":
			var txt []string
			txt, err = r.LookupTXT(ctx, name)
			var list []any
			for _, t := range txt {
				list = append(list, []any{t})
			}
			res = list
		case "MX":
			var mx []*net.MX
			mx, err = r.LookupMX(ctx, name)
			var list []any
			for _, m := range mx {
				list = append(list, map[string]any{"exchange": strings.TrimSuffix(m.Host, "."), "priority": m.Pref})
			}
			res = list
		case "CNAME":
			var c string
			c, err = r.LookupCNAME(ctx, name)
			res = []any{strings.TrimSuffix(c, ".")}
		case "NS":
			var ns []*net.NS
			ns, err = r.LookupNS(ctx, name)
			var list []any
			for _, n := range ns {
				list = append(list, strings.TrimSuffix(n.Host, "."))
			}
			res = list
		case "SRV":
			var srv []*net.SRV
			_, srv, err = r.LookupSRV(ctx, "", "", name)
			var list []any
			for _, s := range srv {
				list = append(list, map[string]any{"name": strings.TrimSuffix(s.Target, "."), "port": s.Port, "priority": s.Priority, "weight": s.Weight})
			}
			res = list
		case "PTR":
			syscallName = "getHostByAddr"
			var names []string
			names, err = r.LookupAddr(ctx, name)
			var list []any
			for _, n := range names {
				list = append(list, strings.TrimSuffix(n, "."))
			}
			res = list
		default:
			err = errors.New("unsupported record type " + kind)
		}
		d.rt.Post(func() {
			if err != nil {
				sysCall(d.rt, "dns callback", cb, goja.Undefined(), d.vm.ToValue(dnsErrorInfo(err, syscallName, name)))
				return
			}
			if res == nil {
				res = []any{}
			}
			sysCall(d.rt, "dns callback", cb, goja.Undefined(), goja.Null(), d.vm.ToValue(res))
		})
	}()
}
