package main

import (
	"strings"
	"testing"
)

// TestDifferentialListModelsVertexMistral16 runs --list-models through pi
// 1.6 and pigo with only the google-vertex and mistral keys in the
// environment: both list pi 1.6's built-in models of those providers, byte
// for byte, on the same streams.
func TestDifferentialListModelsVertexMistral16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	for name, args := range map[string][]string{
		"all":     {"--list-models"},
		"search":  {"--list-models", "flash"},
		"mistral": {"--list-models", "mistral"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, _ := sideDirs(t)
				out[side] = runCLIEnv(argv, dir, []string{"GOOGLE_CLOUD_API_KEY=vertex-key", "MISTRAL_API_KEY=mistral-key"}, args...)
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
		})
	}
}

// withoutStreams is a runCLI transcript without its stream headings.
func withoutStreams(transcript string) string {
	var keep []string
	for _, l := range strings.Split(transcript, "\n") {
		if l != "## stdout" && l != "## stderr" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestDifferentialListModelsBedrock16 runs --list-models through pi 1.6
// and pigo with AWS access keys in the environment: both list pi 1.6's
// built-in amazon-bedrock models, byte for byte.
func TestDifferentialListModelsBedrock16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	for name, args := range map[string][]string{
		"all":    {"--list-models"},
		"search": {"--list-models", "sonnet"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, _ := sideDirs(t)
				out[side] = runCLIEnv(argv, dir, []string{"AWS_ACCESS_KEY_ID=AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY=secret"}, args...)
			}
			if withoutStreams(out["pi"]) != withoutStreams(out["pigo"]) {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if !strings.Contains(out["pigo"], "us.anthropic.claude-sonnet-5") {
				t.Errorf("no Bedrock model listed:\n%s", out["pigo"])
			}
		})
	}
}
