package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// producer is what every HTTP API's stream goroutine shares: the stream it
// feeds, the message it builds, and pi-ai's ending (a done event, or an
// error event whose message has stopReason "error" or "aborted").
type producer struct {
	s     *EventStream
	model *Model
	opts  *Options
	out   *AssistantMessage
}

func newProducer(model *Model, opts *Options) producer {
	return producer{s: NewEventStream(), model: model, opts: opts, out: newAssistantMessage(model, opts.now().UnixMilli())}
}

// push sends e; non-terminal events carry a snapshot of the message.
func (p *producer) push(e Event) {
	if e.Type != EventDone && e.Type != EventError {
		e.Partial = p.out.snapshot()
	}
	p.s.Push(e)
}

// finish ends the stream as pi-ai's catch block does: done when err is nil,
// else an error event with err's text, stopReason "aborted" if ctx was
// cancelled, and the streaming scratch fields dropped.
func (p *producer) finish(ctx context.Context, err error) {
	defer p.s.End()
	if err == nil {
		p.push(Event{Type: EventDone, Reason: p.out.StopReason, Message: p.out})
		return
	}
	p.out.clearScratch()
	p.out.StopReason = StopReasonError
	if ctx.Err() != nil {
		p.out.StopReason = StopReasonAborted
	}
	p.out.ErrorMessage = err.Error()
	p.push(Event{Type: EventError, Reason: p.out.StopReason, Message: p.out})
}

// payload runs the OnPayload hook on params (pi's onPayload).
func (p *producer) payload(ctx context.Context, params map[string]any) (map[string]any, error) {
	if p.opts.OnPayload == nil {
		return params, nil
	}
	next, err := p.opts.OnPayload(ctx, params, p.model)
	if err != nil {
		return nil, err
	}
	if next != nil {
		return next, nil
	}
	return params, nil
}

// body is the request body for params: pi's onPayload hook, then JSON.
func (p *producer) body(ctx context.Context, params map[string]any) ([]byte, error) {
	params, err := p.payload(ctx, params)
	if err != nil {
		return nil, err
	}
	return encodeBody(params)
}

func encodeBody(params map[string]any) ([]byte, error) {
	body, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return body, nil
}

// stoppedError is the error a stream that ran to its end fails with, as
// pi-ai 1.6's mistral and bedrock providers decide it: noStopReason when
// no stop reason arrived, the reply's own message for an error or abort
// stop, nil otherwise.
func (p *producer) stoppedError(noStopReason string) error {
	switch p.out.StopReason {
	case "pending":
		return errors.New(noStopReason)
	case StopReasonError, StopReasonAborted:
		if p.out.ErrorMessage != "" {
			return errors.New(p.out.ErrorMessage)
		}
		return errors.New(msgUnknownError)
	}
	return nil
}

// endTextBlock emits the end event of content block i, a text or a
// thinking block.
func (p *producer) endTextBlock(i int) {
	b := &p.out.Content[i]
	if b.Type == BlockText {
		p.push(Event{Type: EventTextEnd, ContentIndex: i, Content: b.Text})
	} else {
		p.push(Event{Type: EventThinkingEnd, ContentIndex: i, Content: b.Thinking})
	}
}
