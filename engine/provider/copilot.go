package provider

// GitHub Copilot serves models of three APIs (openai-completions,
// openai-responses, anthropic-messages) at the host its Copilot token names
// (see copilotBaseURL), authenticated with that token as a bearer token. On
// top of the static editor headers every Copilot model carries (User-Agent,
// Editor-Version, Editor-Plugin-Version, Copilot-Integration-Id), pi-ai adds
// per-request headers (providers/github-copilot-headers.js), which
// copilotDynamicHeaders computes.

// copilotDynamicHeaders is pi-ai's buildCopilotDynamicHeaders: X-Initiator
// says whether the user ("user": the last message is the user's) or the
// agent (a follow-up after assistant or tool messages) started the request,
// Openai-Intent is fixed, and Copilot-Vision-Request marks requests with
// images in user or tool-result content.
func copilotDynamicHeaders(c *Context) map[string]string {
	msgs, _ := decodeMessages(c.Messages)
	initiator := "user"
	if n := len(msgs); n > 0 && msgs[n-1].Role != "user" {
		initiator = "agent"
	}
	h := map[string]string{"X-Initiator": initiator, "Openai-Intent": "conversation-edits"}
	for _, m := range msgs {
		if (m.Role == "user" && !m.IsString) || m.Role == "toolResult" {
			for _, b := range m.Content {
				if b.Type == BlockImage {
					h["Copilot-Vision-Request"] = "true"
				}
			}
		}
	}
	return h
}
