package node

import (
	"context"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// netModule is the "net" module: net.js gives Socket (a stream.Duplex) and
// Server their Node shape; the Go handles here own the connections and
// listeners. Each connection has a reader goroutine that reads one chunk
// per request from the stream's _read (so a paused socket stops reading,
// which is Node's backpressure) and a writer goroutine that performs
// writes in order; results come back through Runtime.Post. Listeners and
// connections are closed when the plugin's runtime retires.
func netModule(rt modules.Runtime, module *goja.Object) error {
	n := &netHelpers{rt: rt, vm: rt.VM()}
	return libRunJS(rt, module, netProgram, map[string]any{
		"listen":  n.listen,
		"connect": n.connect,
		"isIP":    netIsIP,
	})
}

type netHelpers struct {
	rt modules.Runtime
	vm *goja.Runtime
}

// netIsIP is net.isIP: 4, 6 or 0. An IPv6 zone ("fe80::1%eth0") is
// accepted, as in Node.
func netIsIP(s string) int {
	addr := s
	if i := strings.IndexByte(s, '%'); i >= 0 && strings.Contains(s[:i], ":") {
		addr = s[:i]
	}
	if net.ParseIP(addr) == nil {
		return 0
	}
	if strings.Contains(addr, ":") {
		return 6
	}
	return 4
}

// netErrorInfo describes a network failure for net.js, which builds
// Node's error ("connect ECONNREFUSED 127.0.0.1:1" with errno, code,
// syscall, address, port).
func netErrorInfo(vm *goja.Runtime, err error, syscallName, address string, port int) goja.Value {
	code, desc, errno := "UNKNOWN", "unknown error", 0
	var en syscall.Errno
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &en):
		errno = -int(en)
		code, desc = netErrnoCode(en)
	case errors.As(err, &dnsErr):
		code, errno, syscallName = "ENOTFOUND", -3008, "getaddrinfo"
		address = dnsErr.Name
	case errors.Is(err, io.EOF):
		code, errno = "ECONNRESET", -int(syscall.ECONNRESET)
		desc = "connection reset by peer"
	case errors.Is(err, context.DeadlineExceeded):
		code, errno = "ETIMEDOUT", -int(syscall.ETIMEDOUT)
		desc = "connection timed out"
	}
	info := map[string]any{"code": code, "desc": desc, "errno": errno, "syscall": syscallName}
	if address != "" {
		info["address"] = address
	}
	if port > 0 {
		info["port"] = port
	}
	return vm.ToValue(info)
}

// netErrnoCode returns libuv's code and description for a network errno.
func netErrnoCode(en syscall.Errno) (code, desc string) {
	switch en {
	case syscall.ECONNREFUSED:
		return "ECONNREFUSED", "connection refused"
	case syscall.ECONNRESET:
		return "ECONNRESET", "connection reset by peer"
	case syscall.EADDRINUSE:
		return "EADDRINUSE", "address already in use"
	case syscall.EADDRNOTAVAIL:
		return "EADDRNOTAVAIL", "address not available"
	case syscall.ETIMEDOUT:
		return "ETIMEDOUT", "connection timed out"
	case syscall.EHOSTUNREACH:
		return "EHOSTUNREACH", "host is unreachable"
	case syscall.ENETUNREACH:
		return "ENETUNREACH", "network is unreachable"
	case syscall.ECONNABORTED:
		return "ECONNABORTED", "software caused connection abort"
	}
	return sysErrnoName(en)
}

// netAddr describes an address as Node's address() does.
func netAddr(a net.Addr) map[string]any {
	switch x := a.(type) {
	case *net.TCPAddr:
		fam := "IPv6"
		if x.IP.To4() != nil {
			fam = "IPv4"
		}
		return map[string]any{"address": x.IP.String(), "family": fam, "port": x.Port}
	case *net.UnixAddr:
		return map[string]any{"path": x.Name}
	}
	return map[string]any{}
}

// listen is listen(host, port, path, onConnection(handle), cb(err, addr))
// → server handle {close(cb)}. It listens synchronously (binding is fast
// and Node reports bind errors asynchronously too, so cb is posted) and
// accepts on a goroutine.
func (n *netHelpers) listen(host string, port int, path string, onConn, cb goja.Callable) goja.Value {
	return n.listenWith(host, port, path, onConn, cb, nil)
}

// netSecure turns an accepted connection into the one served (tls.go's
// handshake), with what to attach to its handle as tls.
type netSecure func(net.Conn) (net.Conn, map[string]any, error)

// listenWith is listen, with each accepted connection first passed through
// secure when it is set (on a goroutine of its own, so a slow handshake
// does not hold up the others; a failed one just closes).
func (n *netHelpers) listenWith(host string, port int, path string, onConn, cb goja.Callable, secure netSecure) goja.Value {
	var l net.Listener
	var err error
	if path != "" {
		l, err = net.Listen("unix", path)
	} else {
		if host == "" {
			host = "::"
		}
		l, err = net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
		if err != nil && host == "::" {
			host = "0.0.0.0"
			l, err = net.Listen("tcp4", net.JoinHostPort(host, strconv.Itoa(port)))
		}
	}
	h := n.vm.NewObject()
	if err != nil {
		info := netErrorInfo(n.vm, err, "listen", host, port)
		n.rt.Post(func() { sysCall(n.rt, "listen callback", cb, goja.Undefined(), info) })
		_ = h.Set("close", func(goja.FunctionCall) goja.Value { return goja.Undefined() })
		return h
	}
	var once sync.Once
	closed := make(chan struct{})
	closeL := func() {
		once.Do(func() {
			close(closed)
			_ = l.Close()
		})
	}
	untrack := n.rt.Track(closeL)
	addr := netAddr(l.Addr())
	n.rt.Post(func() {
		sysCall(n.rt, "listen callback", cb, goja.Undefined(), goja.Null(), n.vm.ToValue(addr))
	})
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				select {
				case <-closed:
					return
				default:
				}
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					continue
				}
				return
			}
			if secure == nil {
				n.rt.Post(func() {
					hv := n.connHandle(c)
					sysCall(n.rt, "connection listener", onConn, goja.Undefined(), hv)
				})
				continue
			}
			go func() {
				sc, info, err := secure(c)
				if err != nil {
					_ = c.Close()
					return
				}
				if !n.rt.Post(func() {
					hv := n.connHandle(sc).ToObject(n.vm)
					_ = hv.Set("tls", info)
					sysCall(n.rt, "connection listener", onConn, goja.Undefined(), hv)
				}) {
					_ = sc.Close()
				}
			}()
		}
	}()
	_ = h.Set("close", func(goja.FunctionCall) goja.Value {
		closeL()
		untrack()
		return goja.Undefined()
	})
	return h
}

// connect is connect(host, port, path, cb(err, handle)): it dials on a
// goroutine.
func (n *netHelpers) connect(host string, port int, path string, cb goja.Callable) {
	ctx := n.rt.Context()
	go func() {
		var d net.Dialer
		var c net.Conn
		var err error
		if path != "" {
			c, err = d.DialContext(ctx, "unix", path)
		} else {
			c, err = d.DialContext(ctx, "tcp", net.JoinHostPort(host, strconv.Itoa(port)))
		}
		if !n.rt.Post(func() {
			if err != nil {
				addr := host
				if path != "" {
					addr = path
				}
				sysCall(n.rt, "connect callback", cb, goja.Undefined(), netErrorInfo(n.vm, err, "connect", addr, port))
				return
			}
			sysCall(n.rt, "connect callback", cb, goja.Undefined(), goja.Null(), n.connHandle(c))
		}) && c != nil {
			_ = c.Close()
		}
	}()
}

// netUpgrader queues a TLS upgrade on a connection handle (tls.connect
// over an existing socket); it sits on the handle under netUpgradeKey.
type netUpgrader struct {
	run func(up func(net.Conn) (net.Conn, map[string]any, error), cb goja.Callable)
}

var netUpgradeKey = goja.NewSymbol("pigo.netUpgrade")

// netWrite is one queued write (or the half-close when end is set, or
// the TLS upgrade when upgrade is).
type netWrite struct {
	data    []byte
	end     bool
	upgrade func(net.Conn) (net.Conn, map[string]any, error)
	cb      goja.Callable
}

// connHandle wraps c for net.js: {read(), write(bytes, cb), end(cb),
// close(), setNoDelay(b), setKeepAlive(b, ms), local, remote} plus the
// onData/onEnd/onError hooks net.js sets on it. Loop only.
func (n *netHelpers) connHandle(c net.Conn) goja.Value {
	vm := n.vm
	h := vm.NewObject()
	want := make(chan struct{}, 1)
	writes := make(chan netWrite, 16)
	closed := make(chan struct{})
	var once sync.Once
	closeC := func() {
		once.Do(func() {
			close(closed)
			_ = c.Close()
		})
	}
	untrack := n.rt.Track(closeC)
	hook := func(name string) goja.Callable {
		f, _ := goja.AssertFunction(h.Get(name))
		return f
	}
	// conn is what the reader and writer use: c, or the TLS connection over
	// it after startTLS. Only the writer goroutine changes it, while the
	// reader is stopped.
	conn := c
	startReader := func(rc net.Conn, stop, done chan struct{}) {
		go func() {
			// The reader: one chunk per read request.
			defer close(done)
			buf := make([]byte, 64*1024)
			for {
				select {
				case <-want:
				case <-closed:
					return
				case <-stop:
					return
				}
				k, err := rc.Read(buf)
				if k > 0 {
					data := append([]byte(nil), buf[:k]...)
					n.rt.Post(func() {
						if f := hook("onData"); f != nil {
							sysCall(n.rt, "socket data", f, goja.Undefined(), vm.ToValue(vm.NewArrayBuffer(data)))
						}
					})
				}
				if err != nil {
					select {
					case <-closed:
						return
					case <-stop:
						return // interrupted for startTLS
					default:
					}
					n.rt.Post(func() {
						if errors.Is(err, io.EOF) {
							if f := hook("onEnd"); f != nil {
								sysCall(n.rt, "socket end", f, goja.Undefined())
							}
							return
						}
						if f := hook("onError"); f != nil {
							sysCall(n.rt, "socket error", f, goja.Undefined(), netErrorInfo(vm, err, "read", "", 0))
						}
					})
					return
				}
			}
		}()
	}
	readerStop, readerDone := make(chan struct{}), make(chan struct{})
	startReader(conn, readerStop, readerDone)
	go func() {
		// The writer: in order, then the callback on the loop.
		for {
			var w netWrite
			select {
			case w = <-writes:
			case <-closed:
				return
			}
			if w.upgrade != nil {
				// startTLS: stop the reader (a read in progress is cut short
				// by a deadline), secure the connection, read on from it.
				close(readerStop)
				_ = c.SetReadDeadline(time.Now())
				<-readerDone
				_ = c.SetReadDeadline(time.Time{})
				tc, info, err := w.upgrade(conn)
				if err == nil {
					conn = tc
				}
				readerStop, readerDone = make(chan struct{}), make(chan struct{})
				startReader(conn, readerStop, readerDone)
				cb := w.cb
				n.rt.Post(func() {
					if err != nil {
						sysCall(n.rt, "startTLS", cb, goja.Undefined(), vm.ToValue(map[string]any{"tls": err.Error(), "code": tlsAuthCode(err)}))
						return
					}
					sysCall(n.rt, "startTLS", cb, goja.Undefined(), goja.Null(), vm.ToValue(info))
				})
				continue
			}
			var err error
			if len(w.data) > 0 {
				_, err = conn.Write(w.data)
			}
			if err == nil && w.end {
				if cw, ok := conn.(interface{ CloseWrite() error }); ok {
					err = cw.CloseWrite()
				}
			}
			cb := w.cb
			n.rt.Post(func() {
				if cb == nil {
					return
				}
				if err != nil {
					sysCall(n.rt, "socket write", cb, goja.Undefined(), netErrorInfo(vm, err, "write", "", 0))
					return
				}
				sysCall(n.rt, "socket write", cb, goja.Undefined(), goja.Null())
			})
		}
	}()
	queue := func(w netWrite) {
		select {
		case writes <- w:
		default:
			// Duplex keeps one write in flight; more only after destroy races.
			go func() {
				select {
				case writes <- w:
				case <-closed:
				}
			}()
		}
	}
	_ = h.Set("read", func(goja.FunctionCall) goja.Value {
		select {
		case want <- struct{}{}:
		default:
		}
		return goja.Undefined()
	})
	_ = h.Set("write", func(call goja.FunctionCall) goja.Value {
		b, _ := libViewBytes(call.Argument(0))
		cb, _ := goja.AssertFunction(call.Argument(1))
		queue(netWrite{data: append([]byte(nil), b...), cb: cb})
		return goja.Undefined()
	})
	_ = h.Set("end", func(call goja.FunctionCall) goja.Value {
		cb, _ := goja.AssertFunction(call.Argument(0))
		queue(netWrite{end: true, cb: cb})
		return goja.Undefined()
	})
	_ = h.Set("close", func(goja.FunctionCall) goja.Value {
		closeC()
		untrack()
		return goja.Undefined()
	})
	// The TLS upgrade tls.go runs on this connection, in write order.
	_ = h.DefineDataPropertySymbol(netUpgradeKey, vm.ToValue(&netUpgrader{run: func(up func(net.Conn) (net.Conn, map[string]any, error), cb goja.Callable) {
		queue(netWrite{upgrade: up, cb: cb})
	}}), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	_ = h.Set("setNoDelay", func(call goja.FunctionCall) goja.Value {
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetNoDelay(call.Argument(0).ToBoolean())
		}
		return goja.Undefined()
	})
	_ = h.Set("setKeepAlive", func(call goja.FunctionCall) goja.Value {
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetKeepAlive(call.Argument(0).ToBoolean())
		}
		return goja.Undefined()
	})
	_ = h.Set("local", vm.ToValue(netAddr(c.LocalAddr())))
	_ = h.Set("remote", vm.ToValue(netAddr(c.RemoteAddr())))
	return h
}
