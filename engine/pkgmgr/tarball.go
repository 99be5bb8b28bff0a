package pkgmgr

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// maxTarball bounds a download and what it unpacks to: a guard against a
// hostile registry, far above any extension package.
const maxTarball = 512 << 20

// download fetches a version's tarball and checks it against dist.
func (r *registry) download(ctx context.Context, m versionMeta) ([]byte, error) {
	id := m.Name + "@" + m.Version
	if m.Dist.Tarball == "" {
		return nil, fmt.Errorf("%s: registry metadata has no tarball", id)
	}
	resp, err := r.get(ctx, m.Dist.Tarball, "")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: tarball %s: %s", id, m.Dist.Tarball, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxTarball+1))
	if err != nil {
		return nil, fmt.Errorf("%s: tarball %s: %w", id, m.Dist.Tarball, err)
	}
	if len(data) > maxTarball {
		return nil, fmt.Errorf("%s: tarball larger than %d bytes", id, maxTarball)
	}
	if err := verify(data, m.Dist); err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	return data, nil
}

// verify checks data against dist.integrity (the strongest of its
// sha512/sha384/sha256/sha1 entries), else the sha1 shasum, as npm does.
func verify(data []byte, d manifestDist) error {
	algos := map[string]func() hash.Hash{"sha512": sha512.New, "sha384": sha512.New384, "sha256": sha256.New, "sha1": sha1.New}
	if d.Integrity != "" {
		for _, algo := range []string{"sha512", "sha384", "sha256", "sha1"} {
			for _, entry := range strings.Fields(d.Integrity) {
				a, digest, ok := strings.Cut(entry, "-")
				if !ok || a != algo {
					continue
				}
				digest, _, _ = strings.Cut(digest, "?") // options are ignored, as by ssri
				want, err := base64.StdEncoding.DecodeString(digest)
				if err != nil {
					return fmt.Errorf("malformed integrity %q", entry)
				}
				h := algos[algo]()
				h.Write(data)
				if subtle.ConstantTimeCompare(h.Sum(nil), want) != 1 {
					return fmt.Errorf("integrity check failed: tarball %s is %s-%s, registry says %s",
						algo, algo, base64.StdEncoding.EncodeToString(h.Sum(nil)), entry)
				}
				return nil
			}
		}
	}
	if d.Shasum != "" {
		sum := sha1.Sum(data)
		if !strings.EqualFold(hex.EncodeToString(sum[:]), d.Shasum) {
			return fmt.Errorf("integrity check failed: tarball sha1 is %x, registry says %s", sum, d.Shasum)
		}
		return nil
	}
	return errors.New("registry metadata has neither dist.integrity nor dist.shasum; refusing an unverified tarball")
}

// extract unpacks an npm tarball into dir, dropping the first path
// component (npm's "package/"). An entry that would land outside dir is an
// error; links are skipped, as npm's extraction skips them.
func extract(data []byte, dir string) error {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("malformed tarball: %v", err)
	}
	tr := tar.NewReader(gz)
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("malformed tarball: %v", err)
		}
		name := strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(h.Name, "\\", "/")), "/")
		raw := strings.ReplaceAll(h.Name, "\\", "/")
		if strings.HasPrefix(raw, "/") || strings.Contains("/"+raw+"/", "/../") {
			return fmt.Errorf("malformed tarball: entry %q escapes the package directory", h.Name)
		}
		_, rel, ok := strings.Cut(name, "/")
		if !ok || rel == "" {
			continue // the top directory itself
		}
		target := filepath.Join(dir, filepath.FromSlash(rel))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg: // the reader reports old-style regular files (TypeRegA) as TypeReg
			total += h.Size
			if total > maxTarball {
				return fmt.Errorf("malformed tarball: unpacks to more than %d bytes", maxTarball)
			}
			if err := writeEntry(tr, target, h); err != nil {
				return err
			}
		default:
			// Symlinks, hard links, devices: npm leaves them out.
		}
	}
	return nil
}

func writeEntry(r io.Reader, target string, h *tar.Header) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if h.Mode&0o111 != 0 {
		mode = 0o755
	}
	// O_EXCL would refuse a repeated entry; npm keeps the last one.
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, io.LimitReader(r, h.Size))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("malformed tarball: %s: %v", h.Name, err)
	}
	return nil
}
