package jsapi_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// Two plugins (two runtimes) mutate the same file through pi's
// withFileMutationQueue, as the bundled edit and write tools do. pi has one
// queue per process; pigo's is pigo:core's lock table, shared by every
// runtime of an Env. The checks use the order of loop jobs, not timing:
// b_probe runs after everything b_start scheduled, so with a queue per
// runtime B's work would already have started.

const mutationHolder = `import { withFileMutationQueue } from "@mariozechner/pi-coding-agent";
import * as fs from "fs";
let gate: () => void = () => {};
let done: Promise<void> = Promise.resolve();
const text = (t: string) => ({ content: [{ type: "text", text: t }] });
export default function (pi: any) {
  pi.registerTool({ name: "a_hold", description: "", parameters: { type: "object" },
    async execute(_id: string, p: any) {
      await new Promise<void>((started) => {
        done = withFileMutationQueue(p.file, async () => {
          fs.appendFileSync(p.file, "A+");
          started();
          await new Promise<void>((r) => { gate = r; });
          fs.appendFileSync(p.file, "A-");
        });
      });
      return text("holding");
    } });
  pi.registerTool({ name: "a_release", description: "", parameters: { type: "object" },
    async execute() { gate(); await done; return text("released"); } });
}
`

const mutationWaiter = `import { withFileMutationQueue } from "@mariozechner/pi-coding-agent";
import * as fs from "fs";
const started = new Map<string, boolean>();
const done = new Map<string, Promise<void>>();
const text = (t: string) => ({ content: [{ type: "text", text: t }] });
export default function (pi: any) {
  pi.registerTool({ name: "b_start", description: "", parameters: { type: "object" },
    async execute(_id: string, p: any) {
      started.set(p.file, false);
      done.set(p.file, withFileMutationQueue(p.file, async () => {
        started.set(p.file, true);
        fs.appendFileSync(p.file, "B+");
        fs.appendFileSync(p.file, "B-");
      }));
      return text("queued");
    } });
  pi.registerTool({ name: "b_probe", description: "", parameters: { type: "object" },
    async execute(_id: string, p: any) { return text(String(started.get(p.file))); } });
  pi.registerTool({ name: "b_wait", description: "", parameters: { type: "object" },
    async execute(_id: string, p: any) { await done.get(p.file); return text("done"); } });
}
`

func TestFileMutationQueueAcrossPlugins(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("holder.ts", mutationHolder)
	f.write("waiter.ts", mutationWaiter)
	f.mustBoot("holder.ts", "waiter.ts")
	file := filepath.Join(f.dir, "same.txt")
	other := filepath.Join(f.dir, "other.txt")
	// The same file through a symlink is the same lock (pi keys by real path).
	link := filepath.Join(f.dir, "link.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	call := func(tool, path, want string) {
		t.Helper()
		r, err := f.runTool(tool, map[string]any{"file": path})
		if err != nil || r.Text() != want {
			t.Fatalf("%s(%s) = %q, %v; want %q", tool, filepath.Base(path), r.Text(), err, want)
		}
	}
	call("a_hold", file, "holding")
	call("b_start", link, "queued")
	call("b_start", other, "queued")
	call("b_probe", link, "false") // waits for A
	call("b_probe", other, "true") // another file does not
	call("a_release", file, "released")
	call("b_wait", link, "done")
	call("b_wait", other, "done")
	if got, _ := os.ReadFile(file); string(got) != "A+A-B+B-" {
		t.Fatalf("same file: %q, want the two mutations one after the other", got)
	}

	// Unloading the holder (a reload retires its generation the same way)
	// releases its lock: B runs although A never finished.
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	call("a_hold", file, "holding")
	call("b_start", file, "queued")
	call("b_probe", file, "false")
	if err := f.host.Unload(context.Background(), "holder"); err != nil {
		t.Fatal(err)
	}
	call("b_wait", file, "done")
	if got, _ := os.ReadFile(file); string(got) != "A+B+B-" {
		t.Fatalf("after unload: %q", got)
	}
}
