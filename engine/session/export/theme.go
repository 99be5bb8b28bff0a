package export

import (
	"html/template"
	"strings"
)

// themeVars are the CSS custom properties of the page for pi's built-in
// themes ("dark", the default, and "light"), with the colours of pi's
// dark.json and light.json (text, backgrounds, roles, diffs) and their
// export section (page, card and info backgrounds).
func themeVars(name string) template.CSS {
	dark := [][2]string{
		{"text", "#e5e5e7"}, {"muted", "#808080"}, {"dim", "#666666"}, {"accent", "#8abeb7"},
		{"border", "#5f87ff"}, {"borderMuted", "#505050"}, {"success", "#b5bd68"}, {"error", "#cc6666"},
		{"warning", "#ffff00"}, {"selectedBg", "#3a3a4a"}, {"userMessageBg", "#343541"},
		{"customMessageBg", "#2d2838"}, {"customMessageLabel", "#9575cd"}, {"toolPendingBg", "#282832"},
		{"toolSuccessBg", "#283228"}, {"toolErrorBg", "#3c2828"}, {"toolOutput", "#808080"},
		{"thinkingText", "#808080"}, {"mdHeading", "#f0c674"}, {"mdCodeBlock", "#b5bd68"},
		{"diffAdded", "#b5bd68"}, {"diffRemoved", "#cc6666"}, {"diffContext", "#808080"},
		{"pageBg", "#18181e"}, {"cardBg", "#1e1e24"}, {"infoBg", "#3c3728"},
	}
	light := [][2]string{
		{"text", "#000000"}, {"muted", "#6c6c6c"}, {"dim", "#767676"}, {"accent", "#5a8080"},
		{"border", "#547da7"}, {"borderMuted", "#b0b0b0"}, {"success", "#588458"}, {"error", "#aa5555"},
		{"warning", "#9a7326"}, {"selectedBg", "#d0d0e0"}, {"userMessageBg", "#e8e8e8"},
		{"customMessageBg", "#ede7f6"}, {"customMessageLabel", "#7e57c2"}, {"toolPendingBg", "#e8e8f0"},
		{"toolSuccessBg", "#e8f0e8"}, {"toolErrorBg", "#f0e8e8"}, {"toolOutput", "#6c6c6c"},
		{"thinkingText", "#6c6c6c"}, {"mdHeading", "#9a7326"}, {"mdCodeBlock", "#588458"},
		{"diffAdded", "#588458"}, {"diffRemoved", "#aa5555"}, {"diffContext", "#6c6c6c"},
		{"pageBg", "#f8f8f8"}, {"cardBg", "#ffffff"}, {"infoBg", "#fffae6"},
	}
	vars := dark
	if name == "light" {
		vars = light
	}
	var b strings.Builder
	b.WriteString(":root {\n")
	for _, v := range vars {
		b.WriteString("  --" + v[0] + ": " + v[1] + ";\n")
	}
	b.WriteString("}\n")
	return template.CSS(b.String()) // constant colours only
}
