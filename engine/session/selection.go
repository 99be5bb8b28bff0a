package session

// virtualAPI is the api of pi 1.6's virtual models (provider.VirtualAPI):
// a reply naming it is a failed routing, not a response.
const virtualAPI = "pi-virtual"

// BranchSelection is pi 1.6's getBranchSelection: the model a branch
// (root first) records as selected. The latest model_change holds when
// nothing answered after it; a virtual model's holds until the next
// model_change while isVirtual(provider, id) says it is still registered,
// since the replies after it name the physical models it routed to.
// Otherwise the latest physical reply wins. Nil when the branch names
// none.
func BranchSelection(branch []Entry, isVirtual func(provider, id string) bool) *ModelRef {
	change := func(e Entry) *ModelRef {
		p, _ := e["provider"].(string)
		m, _ := e["modelId"].(string)
		return &ModelRef{p, m}
	}
	for i := len(branch) - 1; i >= 0; i-- {
		e := branch[i]
		if e["type"] == "model_change" {
			return change(e)
		}
		msg, _ := e["message"].(map[string]any)
		if e["type"] != "message" || msg["role"] != "assistant" || msg["api"] == virtualAPI {
			continue
		}
		p, _ := msg["provider"].(string)
		m, _ := msg["model"].(string)
		for j := i - 1; j >= 0; j-- {
			if branch[j]["type"] == "model_change" {
				if c := change(branch[j]); isVirtual(c.Provider, c.ModelID) {
					return c
				}
				break
			}
		}
		return &ModelRef{p, m}
	}
	return nil
}
