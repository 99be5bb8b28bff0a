// pigo:agent-ui — the interactive components pi exports for extensions
// (dist/modes/interactive/components): CustomEditor, BorderedLoader and
// DynamicBorder are ports; the rest belong to pi's own interactive mode,
// which pigo does not run, and throw "not supported yet" when constructed.

import { CancellableLoader, Container, Editor, Loader, Spacer, Text } from "@mariozechner/pi-tui";
import { getAppKeybindings, keyHint, theme } from "pigo:agent-theme";

/**
 * CustomEditor is pi-tui's Editor plus pi's app keybindings (interrupt,
 * exit, extension shortcuts, paste image). Extensions subclass it and call
 * super.handleInput / super.render.
 */
export class CustomEditor extends Editor {
  keybindings: any;
  actionHandlers = new Map<string, () => void>();
  onEscape: any;
  onCtrlD: any;
  onPasteImage: any;
  onExtensionShortcut: any;
  constructor(tui: any, theme: any, keybindings: any, options?: any) {
    super(tui, theme, options);
    this.keybindings = keybindings ?? getAppKeybindings();
  }
  onAction(action: string, handler: () => void): void {
    this.actionHandlers.set(action, handler);
  }
  override handleInput(data: string): void {
    if (this.onExtensionShortcut?.(data)) return;
    if (this.keybindings.matches(data, "app.clipboard.pasteImage")) {
      this.onPasteImage?.();
      return;
    }
    if (this.keybindings.matches(data, "app.interrupt")) {
      if (!this.isShowingAutocomplete()) {
        const handler = this.onEscape ?? this.actionHandlers.get("app.interrupt");
        if (handler) {
          handler();
          return;
        }
      }
      super.handleInput(data);
      return;
    }
    if (this.keybindings.matches(data, "app.exit")) {
      if (this.getText().length === 0) {
        const handler = this.onCtrlD ?? this.actionHandlers.get("app.exit");
        if (handler) handler();
        return;
      }
    }
    for (const [action, handler] of this.actionHandlers) {
      if (action !== "app.interrupt" && action !== "app.exit" && this.keybindings.matches(data, action)) {
        handler();
        return;
      }
    }
    super.handleInput(data);
  }
}

/** DynamicBorder is a full-width "─" line in color (default: the theme's border color). */
export class DynamicBorder {
  color: (s: string) => string;
  constructor(color: (s: string) => string = (s: string) => theme.fg("border", s)) {
    this.color = color;
  }
  invalidate(): void {}
  render(width: number): string[] {
    return [this.color("─".repeat(Math.max(1, width)))];
  }
}

/**
 * BorderedLoader is a spinner between two borders; when cancellable
 * (default) Escape aborts .signal and calls .onAbort. Call dispose() when
 * done (it stops the spinner timer).
 */
export class BorderedLoader extends Container {
  loader: any;
  cancellable: boolean;
  signalController: any;
  constructor(tui: any, theme: any, message: string, options?: { cancellable?: boolean }) {
    super();
    this.cancellable = options?.cancellable ?? true;
    const borderColor = (s: string) => theme.fg("border", s);
    this.addChild(new DynamicBorder(borderColor));
    if (this.cancellable) {
      this.loader = new CancellableLoader(tui, (s: string) => theme.fg("accent", s), (s: string) => theme.fg("muted", s), message);
    } else {
      this.signalController = new AbortController();
      this.loader = new Loader(tui, (s: string) => theme.fg("accent", s), (s: string) => theme.fg("muted", s), message);
    }
    this.addChild(this.loader);
    if (this.cancellable) {
      this.addChild(new Spacer(1));
      this.addChild(new Text(keyHint("tui.select.cancel", "cancel"), 1, 0));
    }
    this.addChild(new Spacer(1));
    this.addChild(new DynamicBorder(borderColor));
  }
  get signal(): AbortSignal {
    if (this.cancellable) return this.loader.signal;
    return this.signalController?.signal ?? new AbortController().signal;
  }
  set onAbort(fn: any) {
    if (this.cancellable) this.loader.onAbort = fn;
  }
  handleInput(data: string): void {
    if (this.cancellable) this.loader.handleInput(data);
  }
  dispose(): void {
    if (typeof this.loader.dispose === "function") this.loader.dispose();
    else if (typeof this.loader.stop === "function") this.loader.stop();
  }
}

function unsupportedComponent(name: string): any {
  const C = class {
    constructor(..._args: any[]) {
      throw new Error(`not supported yet: pi-coding-agent ${name}`);
    }
  };
  Object.defineProperty(C, "name", { value: name });
  Object.defineProperty(C, "__pigoUnsupported", { value: true });
  return C;
}

// pi's interactive-mode components: pigo has no interactive mode yet.
export const ArminComponent = unsupportedComponent("ArminComponent");
export const AssistantMessageComponent = unsupportedComponent("AssistantMessageComponent");
export const BashExecutionComponent = unsupportedComponent("BashExecutionComponent");
export const BranchSummaryMessageComponent = unsupportedComponent("BranchSummaryMessageComponent");
export const CompactionSummaryMessageComponent = unsupportedComponent("CompactionSummaryMessageComponent");
export const CustomMessageComponent = unsupportedComponent("CustomMessageComponent");
export const ExtensionEditorComponent = unsupportedComponent("ExtensionEditorComponent");
export const ExtensionInputComponent = unsupportedComponent("ExtensionInputComponent");
export const ExtensionSelectorComponent = unsupportedComponent("ExtensionSelectorComponent");
export const FooterComponent = unsupportedComponent("FooterComponent");
export const LoginDialogComponent = unsupportedComponent("LoginDialogComponent");
export const ModelSelectorComponent = unsupportedComponent("ModelSelectorComponent");
export const OAuthSelectorComponent = unsupportedComponent("OAuthSelectorComponent");
export const SessionSelectorComponent = unsupportedComponent("SessionSelectorComponent");
export const SettingsSelectorComponent = unsupportedComponent("SettingsSelectorComponent");
export const ShowImagesSelectorComponent = unsupportedComponent("ShowImagesSelectorComponent");
export const SkillInvocationMessageComponent = unsupportedComponent("SkillInvocationMessageComponent");
export const ThemeSelectorComponent = unsupportedComponent("ThemeSelectorComponent");
export const ThinkingSelectorComponent = unsupportedComponent("ThinkingSelectorComponent");
export const ToolExecutionComponent = unsupportedComponent("ToolExecutionComponent");
export const TreeSelectorComponent = unsupportedComponent("TreeSelectorComponent");
export const UserMessageComponent = unsupportedComponent("UserMessageComponent");
export const UserMessageSelectorComponent = unsupportedComponent("UserMessageSelectorComponent");
