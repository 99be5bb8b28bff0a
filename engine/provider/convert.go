package provider

import (
	"fmt"
	"strings"

	"github.com/pigo-dev/pigo/engine/session"
)

// ConvertToLLM turns agent messages into LLM messages as pi-coding-agent's
// convertToLlm does (session.ConvertToLlm): bashExecution, custom,
// branchSummary and compactionSummary become user messages,
// user/assistant/toolResult pass through unchanged (same map), anything
// else is dropped.
func ConvertToLLM(msgs []map[string]any) []map[string]any { return session.ConvertToLlm(msgs) }

const (
	nonVisionUserImagePlaceholder = "(image omitted: model does not support images)"
	nonVisionToolImagePlaceholder = "(tool image omitted: model does not support images)"
)

// transformMessages is pi-ai's transformMessages: images are downgraded for
// non-vision models, thinking/tool-call details of other models are
// normalised, errored/aborted assistant turns are skipped and orphaned tool
// calls get synthetic "No result provided" results.
//
// normalizeID, when set, rewrites the ids of tool calls made by other models;
// src is the assistant message that made the call.
func transformMessages(msgs []llmMessage, model *Model, normalizeID func(id string, src *llmMessage) string) []llmMessage {
	idMap := map[string]string{}
	vision := model.SupportsImages()
	transformed := make([]llmMessage, 0, len(msgs))
	for _, m := range msgs {
		switch m.Role {
		case "user":
			if !vision && !m.IsString {
				m.Content = replaceImages(m.Content, nonVisionUserImagePlaceholder)
			}
		case "toolResult":
			if !vision {
				m.Content = replaceImages(m.Content, nonVisionToolImagePlaceholder)
			}
			if id, ok := idMap[m.ToolCallID]; ok && id != m.ToolCallID {
				m.ToolCallID = id
			}
		case "assistant":
			same := m.Provider == model.Provider && m.API == model.API && m.Model == model.ID
			content := make([]ContentBlock, 0, len(m.Content))
			for _, b := range m.Content {
				switch b.Type {
				case BlockThinking:
					// Another model's thinking is dropped (pi-ai 1.6; 0.73.1
					// replayed it as text, which the new model took for part
					// of the visible reply). Signed and redacted blocks stay
					// even without text: encrypted reasoning is replayed.
					if !same || (!b.Redacted && b.ThinkingSignature == "" && strings.TrimSpace(b.Thinking) == "") {
						continue
					}
					content = append(content, b)
				case BlockText:
					if same {
						content = append(content, b)
					} else {
						content = append(content, TextBlock(b.Text))
					}
				case BlockToolCall:
					if !same {
						b.ThoughtSignature = ""
						if normalizeID != nil {
							if id := normalizeID(b.ID, &m); id != b.ID {
								idMap[b.ID] = id
								b.ID = id
							}
						}
					}
					content = append(content, b)
				default:
					content = append(content, b)
				}
			}
			m.Content = content
		}
		transformed = append(transformed, m)
	}

	// Second pass: skip failed turns, synthesise results for orphaned calls.
	out := make([]llmMessage, 0, len(transformed))
	var pending []ContentBlock
	seen := map[string]bool{}
	// A system message between a tool call and its results is held until
	// they are in: Anthropic requires results right after their call.
	var held []llmMessage
	flush := func() {
		for _, tc := range pending {
			if !seen[tc.ID] {
				out = append(out, llmMessage{
					Role: "toolResult", ToolCallID: tc.ID, ToolName: tc.Name, IsError: true,
					Content: []ContentBlock{TextBlock("No result provided")},
				})
			}
		}
		pending, seen = nil, map[string]bool{}
		out, held = append(out, held...), nil
	}
	for _, m := range transformed {
		switch m.Role {
		case "assistant":
			flush()
			if m.StopReason == StopReasonError || m.StopReason == StopReasonAborted {
				continue
			}
			var calls []ContentBlock
			for _, b := range m.Content {
				if b.Type == BlockToolCall {
					calls = append(calls, b)
				}
			}
			if len(calls) > 0 {
				pending, seen = calls, map[string]bool{}
			}
			out = append(out, m)
		case "toolResult":
			seen[m.ToolCallID] = true
			out = append(out, m)
		case "user":
			flush()
			out = append(out, m)
		case "system":
			if len(pending) > 0 {
				held = append(held, m)
			} else {
				out = append(out, m)
			}
		default:
			out = append(out, m)
		}
	}
	flush()
	return out
}

// replaceImages replaces runs of image blocks by one placeholder text block.
func replaceImages(content []ContentBlock, placeholder string) []ContentBlock {
	out := make([]ContentBlock, 0, len(content))
	prevPlaceholder := false
	for _, b := range content {
		if b.Type == BlockImage {
			if !prevPlaceholder {
				out = append(out, TextBlock(placeholder))
			}
			prevPlaceholder = true
			continue
		}
		out = append(out, b)
		prevPlaceholder = b.Type == BlockText && b.Text == placeholder
	}
	return out
}

// sanitize drops invalid UTF-8, which is what unpaired UTF-16 surrogates
// become on the Go side (pi-ai's sanitizeSurrogates).
func sanitize(s string) string { return strings.ToValidUTF8(s, "") }

// replaceNonIDChars is JavaScript's id.replace(/[^a-zA-Z0-9_-]/g, "_")
// .slice(0, limit): each UTF-16 unit outside the set becomes "_", and the
// result is cut to limit units.
func replaceNonIDChars(id string, limit int) string {
	var b strings.Builder
	n := 0
	for _, r := range id {
		if n >= limit {
			break
		}
		if r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
			n++
			continue
		}
		units := 1
		if r > 0xFFFF {
			units = 2
		}
		for i := 0; i < units && n < limit; i++ {
			b.WriteByte('_')
			n++
		}
	}
	return b.String()
}

// errorToolImagePlaceholder stands in an error tool result for the images
// moved after the turn's tool results (pi-ai 1.6's
// ERROR_TOOL_IMAGE_PLACEHOLDER).
const errorToolImagePlaceholder = "(image attached after the tool results)"

// splitErrorToolResultImages is pi-ai 1.6's helper of the same name, for
// APIs that reject images in error tool results: m's content with its
// images replaced, the caption to put before them, and the images; ok is
// false when m needs no split.
func splitErrorToolResultImages(m llmMessage) (content []ContentBlock, caption string, images []ContentBlock, ok bool) {
	if m.Role != "toolResult" || !m.IsError {
		return nil, "", nil, false
	}
	for _, b := range m.Content {
		if b.Type == BlockImage {
			images = append(images, b)
		}
	}
	if len(images) == 0 {
		return nil, "", nil, false
	}
	caption = fmt.Sprintf("Images from the error result of tool call %s (%s):", m.ToolCallID, m.ToolName)
	return replaceImages(m.Content, errorToolImagePlaceholder), caption, images, true
}
