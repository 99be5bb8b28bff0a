var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var pigo_agent_ui_exports = __defProp({}, "__esModule", { value: true });
module.exports = pigo_agent_ui_exports;
var import_pi_tui = require("@mariozechner/pi-tui");
var import_pigo_agent_theme = require("pigo:agent-theme");
class CustomEditor extends import_pi_tui.Editor {
  constructor(tui, theme2, keybindings, options) {
    super(tui, theme2, options);
    __publicField(this, "keybindings");
    __publicField(this, "actionHandlers", /* @__PURE__ */ new Map());
    __publicField(this, "onEscape");
    __publicField(this, "onCtrlD");
    __publicField(this, "onPasteImage");
    __publicField(this, "onExtensionShortcut");
    this.keybindings = keybindings ?? (0, import_pigo_agent_theme.getAppKeybindings)();
  }
  onAction(action, handler) {
    this.actionHandlers.set(action, handler);
  }
  handleInput(data) {
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
class DynamicBorder {
  constructor(color = (s) => import_pigo_agent_theme.theme.fg("border", s)) {
    __publicField(this, "color");
    this.color = color;
  }
  invalidate() {
  }
  render(width) {
    return [this.color("\u2500".repeat(Math.max(1, width)))];
  }
}
class BorderedLoader extends import_pi_tui.Container {
  constructor(tui, theme2, message, options) {
    super();
    __publicField(this, "loader");
    __publicField(this, "cancellable");
    __publicField(this, "signalController");
    this.cancellable = options?.cancellable ?? true;
    const borderColor = (s) => theme2.fg("border", s);
    this.addChild(new DynamicBorder(borderColor));
    if (this.cancellable) {
      this.loader = new import_pi_tui.CancellableLoader(tui, (s) => theme2.fg("accent", s), (s) => theme2.fg("muted", s), message);
    } else {
      this.signalController = new AbortController();
      this.loader = new import_pi_tui.Loader(tui, (s) => theme2.fg("accent", s), (s) => theme2.fg("muted", s), message);
    }
    this.addChild(this.loader);
    if (this.cancellable) {
      this.addChild(new import_pi_tui.Spacer(1));
      this.addChild(new import_pi_tui.Text((0, import_pigo_agent_theme.keyHint)("tui.select.cancel", "cancel"), 1, 0));
    }
    this.addChild(new import_pi_tui.Spacer(1));
    this.addChild(new DynamicBorder(borderColor));
  }
  get signal() {
    if (this.cancellable) return this.loader.signal;
    return this.signalController?.signal ?? new AbortController().signal;
  }
  set onAbort(fn) {
    if (this.cancellable) this.loader.onAbort = fn;
  }
  handleInput(data) {
    if (this.cancellable) this.loader.handleInput(data);
  }
  dispose() {
    if (typeof this.loader.dispose === "function") this.loader.dispose();
    else if (typeof this.loader.stop === "function") this.loader.stop();
  }
}
function unsupportedComponent(name) {
  const C = class {
    constructor(..._args) {
      throw new Error(`not supported yet: pi-coding-agent ${name}`);
    }
  };
  Object.defineProperty(C, "name", { value: name });
  Object.defineProperty(C, "__pigoUnsupported", { value: true });
  return C;
}
const ArminComponent = unsupportedComponent("ArminComponent");
const AssistantMessageComponent = unsupportedComponent("AssistantMessageComponent");
const BashExecutionComponent = unsupportedComponent("BashExecutionComponent");
const BranchSummaryMessageComponent = unsupportedComponent("BranchSummaryMessageComponent");
const CompactionSummaryMessageComponent = unsupportedComponent("CompactionSummaryMessageComponent");
const CustomMessageComponent = unsupportedComponent("CustomMessageComponent");
const ExtensionEditorComponent = unsupportedComponent("ExtensionEditorComponent");
const ExtensionInputComponent = unsupportedComponent("ExtensionInputComponent");
const ExtensionSelectorComponent = unsupportedComponent("ExtensionSelectorComponent");
const FooterComponent = unsupportedComponent("FooterComponent");
const LoginDialogComponent = unsupportedComponent("LoginDialogComponent");
const ModelSelectorComponent = unsupportedComponent("ModelSelectorComponent");
const OAuthSelectorComponent = unsupportedComponent("OAuthSelectorComponent");
const SessionSelectorComponent = unsupportedComponent("SessionSelectorComponent");
const SettingsSelectorComponent = unsupportedComponent("SettingsSelectorComponent");
const ShowImagesSelectorComponent = unsupportedComponent("ShowImagesSelectorComponent");
const SkillInvocationMessageComponent = unsupportedComponent("SkillInvocationMessageComponent");
const ThemeSelectorComponent = unsupportedComponent("ThemeSelectorComponent");
const ThinkingSelectorComponent = unsupportedComponent("ThinkingSelectorComponent");
const ToolExecutionComponent = unsupportedComponent("ToolExecutionComponent");
const TreeSelectorComponent = unsupportedComponent("TreeSelectorComponent");
const UserMessageComponent = unsupportedComponent("UserMessageComponent");
const UserMessageSelectorComponent = unsupportedComponent("UserMessageSelectorComponent");
// Annotate the CommonJS export names for ESM import in node:
pigo_agent_ui_exports.ArminComponent = ArminComponent;
pigo_agent_ui_exports.AssistantMessageComponent = AssistantMessageComponent;
pigo_agent_ui_exports.BashExecutionComponent = BashExecutionComponent;
pigo_agent_ui_exports.BorderedLoader = BorderedLoader;
pigo_agent_ui_exports.BranchSummaryMessageComponent = BranchSummaryMessageComponent;
pigo_agent_ui_exports.CompactionSummaryMessageComponent = CompactionSummaryMessageComponent;
pigo_agent_ui_exports.CustomEditor = CustomEditor;
pigo_agent_ui_exports.CustomMessageComponent = CustomMessageComponent;
pigo_agent_ui_exports.DynamicBorder = DynamicBorder;
pigo_agent_ui_exports.ExtensionEditorComponent = ExtensionEditorComponent;
pigo_agent_ui_exports.ExtensionInputComponent = ExtensionInputComponent;
pigo_agent_ui_exports.ExtensionSelectorComponent = ExtensionSelectorComponent;
pigo_agent_ui_exports.FooterComponent = FooterComponent;
pigo_agent_ui_exports.LoginDialogComponent = LoginDialogComponent;
pigo_agent_ui_exports.ModelSelectorComponent = ModelSelectorComponent;
pigo_agent_ui_exports.OAuthSelectorComponent = OAuthSelectorComponent;
pigo_agent_ui_exports.SessionSelectorComponent = SessionSelectorComponent;
pigo_agent_ui_exports.SettingsSelectorComponent = SettingsSelectorComponent;
pigo_agent_ui_exports.ShowImagesSelectorComponent = ShowImagesSelectorComponent;
pigo_agent_ui_exports.SkillInvocationMessageComponent = SkillInvocationMessageComponent;
pigo_agent_ui_exports.ThemeSelectorComponent = ThemeSelectorComponent;
pigo_agent_ui_exports.ThinkingSelectorComponent = ThinkingSelectorComponent;
pigo_agent_ui_exports.ToolExecutionComponent = ToolExecutionComponent;
pigo_agent_ui_exports.TreeSelectorComponent = TreeSelectorComponent;
pigo_agent_ui_exports.UserMessageComponent = UserMessageComponent;
pigo_agent_ui_exports.UserMessageSelectorComponent = UserMessageSelectorComponent;
0 && (module.exports = {
  ArminComponent,
  AssistantMessageComponent,
  BashExecutionComponent,
  BorderedLoader,
  BranchSummaryMessageComponent,
  CompactionSummaryMessageComponent,
  CustomEditor,
  CustomMessageComponent,
  DynamicBorder,
  ExtensionEditorComponent,
  ExtensionInputComponent,
  ExtensionSelectorComponent,
  FooterComponent,
  LoginDialogComponent,
  ModelSelectorComponent,
  OAuthSelectorComponent,
  SessionSelectorComponent,
  SettingsSelectorComponent,
  ShowImagesSelectorComponent,
  SkillInvocationMessageComponent,
  ThemeSelectorComponent,
  ThinkingSelectorComponent,
  ToolExecutionComponent,
  TreeSelectorComponent,
  UserMessageComponent,
  UserMessageSelectorComponent
});
