package provider

// The google-vertex and mistral models of pi-ai 1.6's catalog
// (providers/data/google-vertex.json and mistral.json), in its order.
// pigo has no "max" thinking level, so the maps leave out pi's "max" key.

// googleVertexModels are Vertex AI's Gemini models. Their baseUrl keeps
// pi-ai's "{location}" placeholder: requests with an API key go to the
// global endpoint.
func googleVertexModels() []*Model {
	vertex := func(id, name string, reasoning bool, input []string, cost Cost, ctxWin, maxTok int, tl ThinkingLevelMap) *Model {
		return &Model{ID: id, Name: name, API: APIGoogleVertex, Provider: "google-vertex", BaseURL: "https://{location}-aiplatform.googleapis.com",
			Reasoning: reasoning, ThinkingLevelMap: tl, Input: input, Cost: cost, ContextWindow: ctxWin, MaxTokens: maxTok}
	}
	return []*Model{
		vertex("gemini-2.5-flash", "Gemini 2.5 Flash", true, []string{"text", "image"}, price(0.3, 2.5, 0.03, 0), 1048576, 65536, nil),
		vertex("gemini-2.5-flash-lite", "Gemini 2.5 Flash-Lite", true, []string{"text", "image"}, price(0.1, 0.4, 0.01, 0), 1048576, 65536, nil),
		vertex("gemini-2.5-pro", "Gemini 2.5 Pro", true, []string{"text", "image"}, price(1.25, 10, 0.125, 0), 1048576, 65536, nil),
		vertex("gemini-3-flash-preview", "Gemini 3 Flash Preview", true, []string{"text", "image"}, price(0.5, 3, 0.05, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("minimal"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.1-flash-lite", "Gemini 3.1 Flash Lite", true, []string{"text", "image"}, price(0.25, 1.5, 0.025, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("minimal"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.1-pro-preview", "Gemini 3.1 Pro Preview", true, []string{"text", "image"}, price(2, 12, 0.2, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.1-pro-preview-customtools", "Gemini 3.1 Pro Preview Custom Tools", true, []string{"text", "image"}, price(2, 12, 0.2, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.5-flash", "Gemini 3.5 Flash", true, []string{"text", "image"}, price(1.5, 9, 0.15, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("minimal"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.5-flash-lite", "Gemini 3.5 Flash Lite", true, []string{"text", "image"}, price(0.3, 2.5, 0.03, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("minimal"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.6-flash", "Gemini 3.6 Flash", true, []string{"text", "image"}, price(0.75, 3.75, 0.075, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("minimal"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.7-flash", "Gemini 3.7 Flash", true, []string{"text", "image"}, price(0.75, 3.75, 0.075, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-3.8-flash", "Gemini 3.8 Flash", true, []string{"text", "image"}, price(0.75, 3.75, 0.075, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-4-argon", "Gemini 4 Argon", true, []string{"text", "image"}, price(2, 10, 0.1, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-4-carbon", "Gemini 4 Carbon", true, []string{"text", "image"}, price(2, 10, 0.1, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		vertex("gemini-4-hydrogen", "Gemini 4 Hydrogen", true, []string{"text", "image"}, price(1.5, 7.5, 0.075, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh")}),
		vertex("gemini-4-neon", "Gemini 4 Neon", true, []string{"text", "image"}, price(3, 15, 0.15, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh")}),
		vertex("gemini-robotics-er-2-preview", "Gemini Robotics-ER 2 Preview", true, []string{"text", "image"}, price(1, 5, 0.1, 0), 131072, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("minimal"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
	}
}

// mistralModels are the models of Mistral's API.
func mistralModels() []*Model {
	mistral := func(id, name string, reasoning bool, input []string, cost Cost, ctxWin, maxTok int, tl ThinkingLevelMap) *Model {
		return &Model{ID: id, Name: name, API: APIMistralConversations, Provider: "mistral", BaseURL: "https://api.mistral.ai",
			Reasoning: reasoning, ThinkingLevelMap: tl, Input: input, Cost: cost, ContextWindow: ctxWin, MaxTokens: maxTok}
	}
	return []*Model{
		mistral("codestral-2508", "Codestral 25.08", false, []string{"text"}, price(0.3, 0.9, 0.03, 0), 256000, 8192, nil),
		mistral("codestral-latest", "Codestral (latest)", false, []string{"text"}, price(0.3, 0.9, 0.03, 0), 256000, 4096, nil),
		mistral("deepseek-v4-1-flash-1017", "DeepSeek V4.1 Flash 1017", true, []string{"text", "image"}, price(0.3, 1.2, 0.007, 0), 1048576, 128000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("devstral-2512", "Devstral 2", false, []string{"text"}, price(0.4, 2, 0.04, 0), 262144, 262144, nil),
		mistral("devstral-latest", "Devstral 2", false, []string{"text"}, price(0.4, 2, 0.04, 0), 262144, 262144, nil),
		mistral("devstral-medium-latest", "Devstral 2 (latest)", false, []string{"text"}, price(0.4, 2, 0.04, 0), 262144, 262144, nil),
		mistral("glm-5-2", "GLM-5.2", true, []string{"text"}, price(1.4, 4.4, 0.14, 0), 1048576, 131072, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("labs-devstral-small-2512", "Devstral Small 2", false, []string{"text", "image"}, price(0, 0, 0, 0), 256000, 256000, nil),
		mistral("labs-leanstral-1-5-1", "Leanstral 1.5", true, []string{"text", "image"}, price(0, 0, 0, 0), 262144, 128000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("magistral-medium-latest", "Magistral Medium (latest)", true, []string{"text", "image"}, price(2, 5, 0.2, 0), 262144, 16384, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("ministral-14b-2512", "Ministral 3 14B", false, []string{"text", "image"}, price(0.2, 0.2, 0.02, 0), 262144, 262144, nil),
		mistral("ministral-3b-2512", "Ministral 3 3B", false, []string{"text", "image"}, price(0.1, 0.1, 0.01, 0), 131072, 131072, nil),
		mistral("ministral-3b-latest", "Ministral 3B (latest)", false, []string{"text", "image"}, price(0.1, 0.1, 0.01, 0), 131072, 128000, nil),
		mistral("ministral-8b-2512", "Ministral 3 8B", false, []string{"text", "image"}, price(0.15, 0.15, 0.015, 0), 262144, 262144, nil),
		mistral("ministral-8b-latest", "Ministral 8B (latest)", false, []string{"text", "image"}, price(0.15, 0.15, 0.015, 0), 262144, 128000, nil),
		mistral("mistral-large-2512", "Mistral Large 3", false, []string{"text", "image"}, price(0.5, 1.5, 0.05, 0), 262144, 262144, nil),
		mistral("mistral-large-4", "Mistral Large 4", true, []string{"text", "image"}, price(0.7, 2.1, 0.07, 0), 1048576, 262144, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-large-4-0-8", "Mistral Large 4.0.8", true, []string{"text", "image"}, price(0.7, 2.1, 0.07, 0), 1048576, 262144, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-large-latest", "Mistral Large (latest)", true, []string{"text", "image"}, price(0.7, 2.1, 0.07, 0), 1048576, 262144, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-medium-2505", "Mistral Medium 3", false, []string{"text", "image"}, price(0.4, 2, 0.04, 0), 131072, 131072, nil),
		mistral("mistral-medium-2508", "Mistral Medium 3.1", false, []string{"text", "image"}, price(0.4, 2, 0.04, 0), 262144, 262144, nil),
		mistral("mistral-medium-2604", "Mistral Medium 3.5", true, []string{"text", "image"}, price(1.5, 7.5, 0.15, 0), 262144, 262144, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-medium-3.5", "Mistral Medium 3.5", true, []string{"text", "image"}, price(1.5, 7.5, 0, 0), 262144, 262144, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-medium-latest", "Mistral Medium (latest)", true, []string{"text", "image"}, price(1.5, 7.5, 0.15, 0), 262144, 262144, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-small-2506", "Mistral Small 3.2", false, []string{"text", "image"}, price(0.1, 0.3, 0.01, 0), 128000, 16384, nil),
		mistral("mistral-small-2603", "Mistral Small 4", true, []string{"text", "image"}, price(0.15, 0.6, 0.015, 0), 262144, 256000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("mistral-small-latest", "Mistral Small (latest)", true, []string{"text", "image"}, price(0.15, 0.6, 0.015, 0), 262144, 256000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("open-mistral-nemo", "Open Mistral Nemo", false, []string{"text"}, price(0.15, 0.15, 0.015, 0), 128000, 128000, nil),
		mistral("pixtral-12b", "Pixtral 12B", false, []string{"text", "image"}, price(0.15, 0.15, 0.015, 0), 128000, 128000, nil),
		mistral("voxtral-small-2507", "Voxtral Small", false, []string{"text"}, price(0.1, 0.4, 0.01, 0), 32768, 32000, nil),
		mistral("voxtral-small-latest", "Voxtral Small (latest)", false, []string{"text"}, price(0.1, 0.4, 0.01, 0), 32768, 32000, nil),
		mistral("zai-glm-5-2", "GLM-5.2", true, []string{"text"}, price(1.4, 4.4, 0.14, 0), 1048576, 131072, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("zai-glm-5-3", "GLM-5.3", true, []string{"text"}, price(1.4, 4.4, 0.14, 0), 1048576, 131072, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
		mistral("zai-glm-5-3-flash", "GLM-5.3-Flash", true, []string{"text", "image"}, price(0.15, 0.5, 0.03, 0), 1048576, 131072, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil}),
	}
}
