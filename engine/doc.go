// Package engine is pigo's JS-agnostic core: the Host, its ordered manifest of
// plugins, plugin generations and their host-owned buckets, the replayable
// registries (tools, commands, providers, resources, settings), hooks, events,
// effects, views and diagnostics.
//
// engine knows nothing of pi: the state pi's extension API acts on, its
// registries and the result rules of its events live in engine/piapi,
// which attaches them to a host through a [HostValue] and defines its
// hook contracts with [Host.DefineHook].
//
// engine never imports goja or esbuild. JavaScript plugins reach it through the
// jsapi package, which implements [Loader]; Go programs implement [Loader] too
// (see [GoPlugin]) and run next to JS plugins with the same semantics.
//
// # Lifecycle
//
// A plugin is one manifest position. Each load of its code is a [Generation]:
//
//  1. the Host creates the generation (context, bucket) and calls Loader.Load;
//     the loader runs the plugin's factory, which registers contributions,
//     hooks, listeners and effects into the generation's bucket;
//  2. on success the bucket goes live: at boot all buckets at once followed by
//     one rebuild per affected registry, on reload by swapping the old bucket
//     for the new one and rebuilding the registries either touched;
//  3. effects start;
//  4. on unload or reload the generation retires: its context is cancelled
//     (effects see their AbortSignal), the host waits a bounded time for
//     effects, calls the loader's retire hook (a JS loop is terminated), and
//     every later use of the generation's handles fails with [ErrStale].
//
// On any failure in step 1 the candidate is discarded and the previous
// generation, if any, stays live and untouched.
package engine
