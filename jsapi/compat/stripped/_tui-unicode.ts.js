var __defProp = Object.defineProperty;
var pigo_tui_unicode_exports = __defProp({}, "__esModule", { value: true });
pigo_tui_unicode_exports.eastAsianWidth = eastAsianWidth;
pigo_tui_unicode_exports.graphemeBreakClass = graphemeBreakClass;
pigo_tui_unicode_exports.graphemeWidthJS = graphemeWidthJS;
pigo_tui_unicode_exports.segmentGraphemes = segmentGraphemes;
pigo_tui_unicode_exports.segmentGraphemesJS = segmentGraphemesJS;
module.exports = pigo_tui_unicode_exports;
const GCB_DATA = "0,9,3,0,0,2,0,1,3,0,0,1,0,h,3,2n,w,3,9,0,e,3,0,3,0,0,e,gh,33,4,7n,6,4,7b,18,4,1,0,4,1,1,4,1,1,4,1,0,4,1k,5,7,a,a,4,1,0,3,1a,k,4,g,0,4,2t,6,4,0,0,7,1,5,4,2,1,4,1,3,4,x,0,7,1,0,4,u,q,4,2j,a,4,1m,8,4,9,0,4,o,3,4,1,8,4,1,2,4,1,4,4,17,2,4,1g,1,7,5,8,4,16,n,4,0,0,7,0,v,4,0,0,8,h,10,f,0,0,4,0,0,8,0,0,4,1,2,8,0,7,4,0,3,8,0,0,g,0,1,8,1,6,4,0,7,f,2,1,4,k,7,f,1,0,4,0,1,8,h,j,f,1,6,f,1,0,f,3,3,f,2,0,4,1,0,4,0,1,8,0,3,4,2,1,8,2,1,8,0,0,g,9,0,4,4,1,f,1,0,f,2,1,4,c,1,f,c,0,4,2,1,4,0,0,8,1k,0,4,1,2,8,0,1,4,4,1,4,2,2,4,3,0,4,u,1,4,3,0,4,b,1,4,0,0,8,h,j,f,1,6,f,1,1,f,1,4,f,2,0,4,1,2,8,0,4,4,1,1,4,0,0,8,1,1,8,0,0,g,k,1,4,l,0,f,0,5,4,1,0,4,0,1,8,h,j,f,1,6,f,1,1,f,1,4,f,2,0,4,1,1,4,0,0,8,0,3,4,2,1,8,2,1,8,0,0,g,7,2,4,4,1,f,1,0,f,2,1,4,d,0,f,g,0,4,1n,0,4,0,0,8,0,0,4,0,1,8,3,2,8,1,2,8,0,0,4,9,0,4,14,0,4,0,2,8,0,0,4,g,j,f,1,f,f,2,0,4,1,2,4,0,3,8,1,2,4,1,2,4,0,0,g,7,1,4,1,2,f,7,1,4,t,0,4,0,1,8,1k,0,4,1,0,8,0,1,4,0,0,8,0,0,4,0,1,8,1,2,4,1,3,4,7,1,4,b,1,4,f,0,8,c,1,4,0,1,8,h,11,f,0,1,4,1,0,4,0,1,8,0,3,4,1,2,8,1,2,8,0,0,g,0,0,7,8,0,4,a,1,4,t,0,4,0,1,8,1y,0,4,4,0,4,0,1,8,0,2,4,1,0,4,1,6,8,0,0,4,i,1,8,1p,0,4,1,0,8,0,6,4,c,7,4,2q,0,4,1,0,8,0,8,4,b,6,4,21,1,4,r,0,4,1,0,4,1,0,4,4,1,8,1d,d,4,0,0,8,0,4,4,1,1,4,5,a,4,1,z,4,9,0,4,1l,16,f,2,3,4,0,0,8,0,5,4,1,0,g,0,0,4,0,1,8,0,1,4,0,0,f,g,5,f,0,1,8,0,1,4,0,3,f,0,2,4,0,0,f,3,1,f,7,2,f,0,3,4,0,c,f,0,0,4,1,0,8,0,1,4,6,0,4,0,0,f,e,0,4,2q,2n,9,0,1z,a,0,2f,b,9p,2,4,qa,3,4,s,2,4,t,1,4,u,1,4,c,1f,f,0,1,4,0,0,8,0,6,4,0,7,8,0,0,4,0,1,8,0,8,4,0,0,g,0,0,4,9,0,4,19,2,4,0,0,3,0,0,4,39,1,4,y,0,4,3a,2,4,0,3,8,0,1,4,0,2,8,4,1,8,0,0,4,0,5,8,0,2,4,63,1,4,0,1,8,0,0,4,4,1g,f,0,0,8,0,0,4,0,0,8,0,6,4,1,0,g,1,0,4,2,7,4,0,5,8,0,9,4,2,0,4,1c,19,4,2,b,4,k,3,4,0,0,8,6,1,f,6,w,f,0,9,4,0,3,8,0,1,4,0,0,g,0,7,f,u,8,4,c,1,4,0,0,8,0,t,f,0,0,8,0,3,4,0,1,8,0,2,4,0,0,g,0,1,4,0,1,f,b,2,f,14,0,4,0,0,8,0,1,4,0,2,8,0,0,4,0,0,8,0,4,4,1c,7,8,0,7,4,0,1,8,0,1,4,48,2,4,1,c,4,0,0,8,0,6,4,4,0,4,6,0,4,2,0,8,0,1,4,5i,1r,4,ej,0,3,0,0,4,0,0,5,0,1,3,o,6,3,d,0,e,c,0,e,m,f,3,2o,w,4,1d,0,e,m,0,e,2i,5,e,f,1,e,a7,1,e,c,0,e,4m,0,e,p,a,e,4,2,e,5j,0,e,6f,1,e,a,0,e,9,0,e,1m,3,e,1,4,e,9,0,e,2,0,e,2,1,e,2,0,e,4,0,e,2,0,e,1,1,e,2,0,e,3,0,e,3,1,e,8,2,e,5,0,e,1,0,e,5,b,e,b,1,e,2,0,e,1,1,e,1,0,e,i,0,e,2,1,e,i,5,e,1,0,e,1,1,e,3,1,e,5,0,e,2,1,e,4,1,e,b,1,e,5,1,e,2,0,e,5,1,e,1,0,e,1,1,e,k,1,e,5,5,e,1,3,e,2,0,e,4,0,e,2,0,e,2,5,e,1,0,e,2,0,e,1,0,e,1,0,e,6,0,e,3,0,e,6,0,e,a,1,e,f,0,e,2,0,e,4,0,e,1,0,e,4,2,e,1,0,e,b,1,e,1c,2,e,9,0,e,e,0,e,e,0,e,ac,1,e,cv,2,e,j,1,e,1f,0,e,4,0,e,bd,2,4,3x,0,4,2o,v,4,fe,5,4,0,0,e,c,0,e,2j,1,4,e4,0,e,1,0,e,mvp,3,4,1,9,4,w,1,4,28,1,4,7k,0,4,3,0,4,4,0,4,n,1,8,0,1,4,0,0,8,4,0,4,2b,1,8,1e,f,8,0,1,4,q,h,4,d,0,4,12,7,4,p,a,4,0,0,8,0,0,4,c,s,9,3,2,4,0,0,8,5,2,f,3,z,f,0,0,4,0,1,8,0,3,4,0,1,8,0,1,4,0,1,8,0,0,g,v,4,f,0,0,4,1,8,f,a,4,f,16,5,4,0,1,8,0,1,4,0,1,8,0,1,4,c,0,4,8,0,4,0,0,8,i,f,f,1,2,f,6,0,f,1,0,4,1,1,f,1c,0,4,1,2,4,2,1,4,5,1,4,1,0,4,u,a,f,0,0,8,0,1,4,0,1,8,5,0,8,0,0,g,5l,q,f,8,1,8,0,0,4,0,1,8,0,0,4,0,1,8,1,0,8,0,0,4,8n6,m,a,4,1c,b,4,1kv,3,5cu,0,4,kh,f,4,g,f,4,5r,0,3,4e,1,4,28,b,3,e9,0,4,6a,0,4,45,4,4,1ad,0,f,0,2,4,1,1,4,5,3,4,0,3,f,1,2,f,1,s,f,2,2,4,4,0,g,4l,1,4,fx,3,4,1t,4,4,8t,1,4,25,5,4,1y,a,4,1d,3,4,3e,0,8,0,0,4,0,0,8,1h,e,4,15,0,4,2,1,4,a,2,4,0,0,8,19,2,8,0,3,4,0,1,8,0,1,4,2,0,7,4,0,4,a,0,7,1e,2,4,0,z,f,0,4,4,0,0,8,0,5,4,0,0,g,0,0,4,f,0,f,0,1,8,0,0,f,17,0,4,c,1,4,0,0,8,1c,2,8,0,8,4,0,0,8,0,0,4,1,1,7,5,3,4,1,0,8,0,0,4,2k,2,8,0,2,4,0,1,8,0,3,4,6,0,4,2,0,4,4d,0,4,0,2,8,0,7,4,l,1,4,0,1,8,1j,1,4,1,0,4,0,0,8,0,0,4,0,3,8,2,1,8,2,1,8,0,0,4,9,0,4,a,1,8,2,6,4,3,4,4,b,9,f,1,0,f,2,0,f,1,11,f,2,0,4,0,1,8,0,5,4,1,0,4,2,0,4,1,2,4,0,0,8,1,1,8,0,1,4,0,0,g,0,0,7,0,0,4,e,1,4,2a,2,8,0,7,4,0,1,8,0,2,4,0,0,8,0,0,4,n,0,4,29,0,4,0,1,8,0,5,4,0,0,8,0,0,4,0,1,8,0,0,4,0,0,8,0,1,4,0,0,8,0,1,4,6j,0,4,0,1,8,0,3,4,2,3,8,0,1,4,0,0,8,0,1,4,r,1,4,2a,2,8,0,7,4,0,1,8,0,0,4,0,0,8,0,1,4,2y,0,4,0,0,8,0,0,4,0,1,8,0,7,4,2t,0,4,0,0,8,0,0,4,2,3,4,0,0,8,0,4,4,74,2,8,0,8,4,0,0,8,0,1,4,5h,6,f,2,0,f,2,7,f,1,1,f,1,n,f,0,0,4,0,4,8,1,1,8,2,2,4,0,0,g,0,0,7,0,0,8,0,0,7,0,0,8,0,0,4,3x,2,8,0,3,4,2,1,4,0,3,8,0,0,4,3,0,8,r,0,f,0,9,4,0,13,f,0,5,4,0,0,8,1,3,4,8,0,g,8,0,f,0,5,4,0,1,8,0,2,4,0,13,f,0,5,7,0,c,4,0,0,8,0,0,4,0,0,g,5i,0,4,0,0,8,0,2,4,0,0,8,0,0,4,0,0,8,5j,0,8,0,6,4,1,5,4,0,0,8,0,0,4,2a,l,4,1,0,8,0,6,4,0,0,8,0,1,4,0,0,8,0,1,4,3e,5,4,3,0,4,1,1,4,1,6,4,0,0,7,0,0,4,1u,4,8,1,1,4,1,1,8,0,0,4,0,0,8,0,0,4,9n,1,4,0,1,8,9,1,4,0,0,7,0,0,8,0,c,f,1,x,f,0,1,8,0,4,4,3,1,8,0,1,4,0,0,g,n,0,4,445,f,3,0,0,4,6,e,4,8ug,b,4,0,2,8,0,2,4,1xc,4,4,1n,6,4,fg,0,a,3,3,a,dg,0,4,1,1i,8,7,3,4,29,0,4,b,1,4,f57,1,4,1,3,3,3mk,19,4,2,m,4,f2,4,4,3,5,4,0,7,3,0,7,4,2,6,4,u,3,4,44,2,4,1iz,1i,4,4,1d,4,8,0,4,e,0,4,m,4,4,1,e,4,11s,6,4,1,g,4,2,6,4,1,1,4,1,4,4,2s,0,4,4g,6,4,af,0,4,1p,3,4,e4,3,4,72,1,4,6r,0,4,2,0,4,7,1,4,5,0,4,d6,6,4,31,6,4,1bt,0,e,13,3,e,2s,b,e,f,1,e,f,0,e,e,1,e,11,9,e,34,1,e,c,1,e,e,0,e,2,9,e,j,1j,e,0,p,6,1,e,e,a,0,e,k,0,e,2,8,e,1,3,e,9,m,e,6,57,e,2,33,e,2,1,e,1,2,e,2,2a,e,2,2,e,1,3,e,0,4,4,0,71,e,1,1q,e,b,5,e,1,n,e,7,1,e,2,7,e,c,0,e,2,3,e,2,0,e,4,1,e,d,1,e,2,0,e,8,1,e,9,0,e,5,2,e,c,2,e,8,2,e,2,0,e,1,0,e,4,0,e,6,0,e,3,0,e,6,2d,e,1c,1x,e,5,7,e,2,g,e,3,0,e,1,5,e,2,c,e,62,11,e,c,3,e,1k,7,e,a,5,e,14,7,e,u,1,e,c,3,e,2,d,e,9,12,e,c,1a,e,1,9,e,1,54,e,2g,7,e,e,41,e,74,sd,e,gute,v,3,0,2n,4,0,3j,3,0,6n,4,0,2rz,3";
const WIDTH_DATA = "0,v,2,3,0,w,6,0,w,5,9,w,1x,w,2,9,0,1c,3,0,6,0,0,1c,gh,33,2,7n,6,2,7b,18,2,1,0,2,1,1,2,1,1,2,1,0,2,1k,5,4,a,a,2,1,0,6,1a,k,2,g,0,2,2t,6,2,0,0,4,1,5,2,2,1,2,1,3,2,x,0,4,1,0,2,u,q,2,2j,a,2,1m,8,2,9,0,2,o,3,2,1,8,2,1,2,2,1,4,2,17,2,2,1g,1,4,5,8,2,16,n,2,0,0,4,0,w,2,1i,2,2,1,h,2,1,6,2,a,1,2,t,2,2,1k,0,2,1,6,2,2,1,2,2,2,2,9,0,2,a,1,2,q,0,2,2,2,2,1k,0,2,1,4,2,4,1,2,2,2,2,3,0,2,u,1,2,3,0,2,b,2,2,1k,0,2,1,7,2,1,2,2,1,2,2,k,1,2,m,5,2,1,2,2,1k,0,2,1,6,2,2,1,2,2,2,2,7,2,2,a,1,2,u,0,2,1n,4,2,3,2,2,1,3,2,9,0,2,14,4,2,1j,0,2,1,6,2,1,2,2,1,3,2,7,1,2,b,1,2,t,2,2,1k,0,2,1,6,2,1,2,2,1,3,2,7,1,2,b,1,2,f,0,2,c,3,2,1j,1,2,1,6,2,1,2,2,1,3,2,9,0,2,a,1,2,t,2,2,1y,0,2,4,5,2,1,0,2,1,7,2,i,1,2,1p,0,2,2,6,2,c,7,2,2q,0,2,2,8,2,b,6,2,21,1,2,r,0,2,1,0,2,1,0,2,4,1,2,1d,j,2,1,1,2,5,a,2,1,z,2,9,0,2,2s,j,2,n,3,2,4,2,2,1,2,2,2,6,2,3,3,2,d,b,2,1,0,2,a,3,2,2q,2m,1,0,0,3,0,0,2,e4,2,2,qa,3,2,s,2,2,t,1,2,u,1,2,1s,v,2,9,0,2,19,2,2,0,0,6,0,0,2,39,1,2,y,0,2,3a,b,2,4,b,2,63,4,2,1l,9,2,1,s,2,2,0,2,1c,19,2,2,b,2,k,4,2,1b,g,2,12,8,2,c,2,2,u,c,2,1k,d,2,1c,j,2,48,2,2,1,k,2,4,0,2,6,0,2,2,2,2,5i,1r,2,ej,4,6,q,4,6,d,0,1c,c,0,1c,m,4,6,0,0,2,0,9,6,2o,w,2,1d,0,1c,m,0,1c,2i,5,1c,f,1,1c,a7,1,15,c,0,1c,0,1,1,4k,0,1c,p,3,15,0,2,1c,0,0,15,0,1,1c,0,0,15,4,2,1c,5j,0,1c,6f,1,1c,a,0,1c,9,0,1c,1m,1,1c,0,1,15,1,4,1c,9,0,1c,2,0,1c,2,1,15,2,0,1c,4,0,34,2,0,1c,1,1,1c,2,0,1c,3,0,1c,3,1,1c,0,7,1,0,2,1c,5,0,1c,1,0,1c,5,b,15,b,1,1c,2,0,1c,1,1,1c,1,0,1c,i,0,1c,2,0,1c,0,0,15,a,5,1,2,0,1c,0,0,15,0,3,1c,1,0,1c,1,1,1c,3,0,1c,0,0,15,5,0,1c,2,1,15,4,1,1c,b,1,15,5,1,15,2,0,1c,5,0,15,0,0,1c,1,0,1c,1,0,1c,0,0,15,k,0,1c,0,0,15,5,1,1c,0,1,15,0,0,1c,0,0,15,1,1,1c,0,0,34,0,0,15,2,0,15,4,0,1c,2,0,15,2,1,1c,0,1,2x,0,1,34,1,0,1c,2,0,1c,1,0,1c,1,0,1c,6,0,1c,3,0,1c,6,0,15,a,1,1c,f,0,1c,2,0,1c,4,0,15,1,0,15,4,2,15,1,0,15,b,1,1c,1c,2,15,9,0,1c,e,0,15,e,0,15,ac,1,1c,cv,2,1c,j,1,15,1f,0,15,4,0,15,bd,2,2,3x,0,2,2o,v,2,3k,p,1,1,2g,1,c,5x,1,q,1l,1,0,5,3,0,0,1d,0,b,1,0,0,1d,0,0,1,2,2d,1,2,1,3,0,2s,1,5,16,1,1,1e,1,0,0,3,0,15,1,1,2d,1,9,1b,1,1,13,1,8,1y,1,0,0,1d,0,0,1,0,0,1d,0,mia,1,3,1i,1,bs,3,2,1,9,2,w,1,2,28,1,2,7k,0,2,3,0,2,4,0,2,n,4,2,4,0,2,2b,1,2,1e,h,2,q,h,2,d,0,2,12,7,2,p,c,2,c,s,1,3,3,2,1b,d,2,10,0,2,1v,d,2,c,0,2,8,1,2,19,2,2,1e,0,2,1,2,2,2,1,2,5,1,2,1,0,2,15,4,2,5,1,2,6k,7,2,1,1,2,i,8mb,1,2k,1kv,2,4xs,e7,1,u,0,2,kh,f,2,0,9,1,6,f,2,0,y,1,1,i,1,1,3,1,43,0,6,1,2n,1,1r,0,2,1r,6,1,9,8,2,0,2,4,e9,0,2,6a,0,2,45,4,2,1ae,2,2,1,1,2,5,3,2,14,2,2,4,0,2,4l,1,2,fx,3,2,1t,4,2,8t,1,2,25,5,2,1y,a,2,1d,3,2,3e,2,2,1h,e,2,15,0,2,2,1,2,a,3,2,19,a,2,2,0,4,4,0,2,a,0,4,1e,2,2,10,d,2,g,1,2,18,0,2,c,2,2,1c,d,2,8,3,2,1,1,2,2k,b,2,6,0,2,2,0,2,4d,b,2,l,3,2,1j,1,2,1,6,2,2,1,2,2,2,2,9,0,2,a,1,2,2,6,2,3,4,2,1v,8,2,1,0,2,2,0,2,1,3,2,1,4,2,1,0,2,e,1,2,2a,h,2,n,0,2,29,j,2,6j,6,2,2,8,2,r,1,2,2a,g,2,2y,c,2,2t,e,2,74,e,2,6t,5,2,1,1,2,2,3,2,1,0,2,1,1,2,3x,6,2,2,6,2,3,0,2,s,9,2,14,6,2,1,3,2,8,0,2,9,a,2,1a,f,2,5i,7,2,5j,7,2,1,7,2,2a,l,2,1,d,2,3e,5,2,3,0,2,1,1,2,1,6,2,1,0,2,1u,4,2,1,1,2,1,4,2,9n,3,2,9,1,2,1,0,2,1c,6,2,3,4,2,n,0,2,445,f,4,0,0,2,6,e,2,8ug,h,2,1xc,4,2,1n,6,2,t4,0,2,1,1i,2,7,3,2,25,3,1,0,0,3,b,1,3,0,4,1,9,5p6,1,10,x,1,2n,36,1,d,pd,1,e,1e,1,5y5,3,1,1,6,1,1,1,1,1,88,1,9,0,1,t,2,1,2,0,1,e,4,1,7,az,1,1wh,1,2,1,3,6,3mk,19,2,2,m,2,f2,4,2,3,5,2,0,7,6,0,7,2,2,6,2,u,3,2,44,2,2,57,2e,1,9,m,1,1ah,1i,2,4,1d,2,8,0,2,e,0,2,m,4,2,1,e,2,11s,6,2,1,g,2,2,6,2,1,1,2,1,4,2,2s,0,2,4g,6,2,af,0,2,1p,3,2,e4,3,2,72,1,2,6r,0,2,2,0,2,7,1,2,5,0,2,d6,6,2,31,6,2,1bt,0,15,5m,0,15,4g,1,1c,c,1,1c,e,0,15,2,9,15,j,0,1,1j,p,w,0,0,1,0,0,15,0,0,1d,d,9,1,0,0,15,0,j,1,0,0,15,0,1,1,0,4,15,0,0,1d,0,2,15,0,0,1,4,8,1,7,1,15,e,5,1,4a,w,15,0,0,1c,2,8,1c,0,8,15,0,0,1c,0,1x,15,0,0,1c,0,6,15,0,0,2x,0,d,15,2,1,1c,1,2,1c,2,1,1c,0,x,15,0,2,2x,0,1,15,0,0,2x,0,1,15,0,0,2x,0,1,34,0,1,1c,0,4,15,0,b,1c,0,g,15,2,0,1c,0,0,15,0,0,1c,1,0,1c,0,1y,15,0,0,1c,0,0,15,0,0,1c,0,1,2x,0,1,15,0,a,2x,0,k,15,0,i,2x,0,2,15,0,0,2x,0,3,15,0,2,2x,0,0,15,0,2,2x,0,6,15,0,0,2x,0,0,15,0,0,2x,0,n,15,0,0,2x,0,29,15,0,0,1c,1,1q,15,b,1,1c,0,3,15,1,n,15,7,1,1c,2,0,1c,0,1,34,0,3,1c,0,0,2x,c,0,1c,2,3,1c,2,0,34,4,1,2x,d,0,15,0,0,1c,2,0,1c,8,1,1c,9,0,1c,5,2,1c,c,2,1c,8,2,1c,2,0,1c,1,0,1c,4,0,1c,6,0,1c,3,0,1c,6,0,1c,0,21,15,0,2,2x,0,2,15,0,4,2x,1c,y,15,0,0,2x,0,f,15,0,2,2x,0,8,15,0,0,2x,0,4,15,5,0,1c,0,0,2x,0,2,1c,0,2,15,2,3,15,0,0,1,2,3,15,0,5,1c,3,0,1c,1,1,15,3,0,1c,2,0,1c,0,8,15,65,0,1,5,b,15,4,0,15,7v,0,2x,0,1,15,0,0,2x,0,7,15,0,7,2x,0,5,15,0,0,2x,0,8,15,0,9,2x,0,0,15,1,2,2x,0,6,15,1,1b,15,0,0,2x,0,1o,15,0,1,2x,0,0,15,0,1,2x,0,0,15,0,0,2x,0,g,15,0,2,2x,0,0,15,0,c,2x,0,x,15,34,c,15,3,a,15,0,2,1,0,1g,15,0,2,2x,0,0,15,1,0,15,3,0,1,0,f,15,0,0,1,1,b,15,0,0,1,3,0,15,0,8,2x,0,1,1,zp,1ekd,1,2,1ekd,1,e1oi,0,2,0,0,6,0,t,2,0,2n,6,0,327,2";
const GB_OTHER = 0;
const GB_CR = 1;
const GB_LF = 2;
const GB_CONTROL = 3;
const GB_EXTEND = 4;
const GB_ZWJ = 5;
const GB_RI = 6;
const GB_PREPEND = 7;
const GB_SPACING_MARK = 8;
const GB_L = 9;
const GB_V = 10;
const GB_T = 11;
const GB_LV = 12;
const GB_LVT = 13;
const GB_EXT_PICT = 14;
const GB_CONSONANT = 15;
const GB_LINKER = 16;
const W_WIDE = 1;
const W_ZERO = 2;
const W_FORMAT = 4;
const W_RGI = 8;
const W_RGI_VS = 16;
const W_EMOJI = 32;
const W_MOD_BASE = 64;
function decodeRanges(data) {
  const nums = data.split(",");
  const out = [];
  let prevEnd = -1;
  for (let i = 0; i + 2 < nums.length; i += 3) {
    const start = prevEnd + 1 + parseInt(nums[i], 36);
    const end = start + parseInt(nums[i + 1], 36);
    out.push(start, end, parseInt(nums[i + 2], 36));
    prevEnd = end;
  }
  return out;
}
let gcbRanges;
let widthRanges;
const pages = [];
function fillFrom(page, base, ranges, shift) {
  let lo = 0;
  let hi = ranges.length / 3;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (ranges[mid * 3 + 1] < base) lo = mid + 1;
    else hi = mid;
  }
  const last = base + 255;
  for (let i = lo * 3; i < ranges.length && ranges[i] <= last; i += 3) {
    const from = ranges[i] < base ? base : ranges[i];
    const to = ranges[i + 1] > last ? last : ranges[i + 1];
    const v = ranges[i + 2] << shift;
    for (let cp = from; cp <= to; cp++) page[cp - base] |= v;
  }
}
function loadPage(p) {
  if (!gcbRanges) {
    gcbRanges = decodeRanges(GCB_DATA);
    widthRanges = decodeRanges(WIDTH_DATA);
  }
  const base = p << 8;
  const page = new Array(256).fill(0);
  fillFrom(page, base, gcbRanges, 0);
  fillFrom(page, base, widthRanges, 5);
  if (base + 255 >= 44032 && base <= 55203) {
    for (let cp = Math.max(base, 44032); cp <= Math.min(base + 255, 55203); cp++) {
      page[cp - base] = page[cp - base] & ~31 | ((cp - 44032) % 28 === 0 ? GB_LV : GB_LVT);
    }
  }
  pages[p] = page;
  return page;
}
function props(cp) {
  const page = pages[cp >> 8];
  return (page === void 0 ? loadPage(cp >> 8) : page)[cp & 255];
}
function graphemeBreakClass(cp) {
  return props(cp) & 31;
}
function widthFlags(cp) {
  return props(cp) >> 5;
}
function eastAsianWidth(cp) {
  return props(cp) >> 5 & W_WIDE ? 2 : 1;
}
function isExtendLike(c) {
  return c === GB_EXTEND || c === GB_ZWJ || c === GB_LINKER;
}
function noBreak(prev, cur, st) {
  if (prev === GB_CR && cur === GB_LF) return true;
  if (prev === GB_CONTROL || prev === GB_CR || prev === GB_LF) return false;
  if (cur === GB_CONTROL || cur === GB_CR || cur === GB_LF) return false;
  if (prev === GB_L && (cur === GB_L || cur === GB_V || cur === GB_LV || cur === GB_LVT)) return true;
  if ((prev === GB_LV || prev === GB_V) && (cur === GB_V || cur === GB_T)) return true;
  if ((prev === GB_LVT || prev === GB_T) && cur === GB_T) return true;
  if (isExtendLike(cur)) return true;
  if (cur === GB_SPACING_MARK) return true;
  if (prev === GB_PREPEND) return true;
  if (cur === GB_CONSONANT && st.incb === 2) return true;
  if (prev === GB_ZWJ && cur === GB_EXT_PICT && st.emoji === 2) return true;
  if (prev === GB_RI && cur === GB_RI && st.riCount % 2 === 1) return true;
  return false;
}
function advance(st, c) {
  if (c === GB_EXT_PICT) st.emoji = 1;
  else if (st.emoji === 1 && (c === GB_EXTEND || c === GB_LINKER)) st.emoji = 1;
  else if (st.emoji === 1 && c === GB_ZWJ) st.emoji = 2;
  else st.emoji = 0;
  if (c === GB_CONSONANT) st.incb = 1;
  else if (st.incb > 0 && c === GB_LINKER) st.incb = 2;
  else if (st.incb > 0 && (c === GB_EXTEND || c === GB_ZWJ)) {
  } else st.incb = 0;
  st.riCount = c === GB_RI ? st.riCount + 1 : 0;
}
function segmentGraphemesJS(text) {
  const out = [];
  const n = text.length;
  if (n === 0) return out;
  const st = { emoji: 0, incb: 0, riCount: 0 };
  let start = 0;
  let prev = -1;
  let i = 0;
  while (i < n) {
    let cp = text.charCodeAt(i);
    let len = 1;
    if (cp >= 55296 && cp <= 56319 && i + 1 < n) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 56320 && lo <= 57343) {
        cp = (cp - 55296) * 1024 + (lo - 56320) + 65536;
        len = 2;
      }
    }
    let c = GB_OTHER;
    if (cp < 32 || cp >= 127) {
      const pg = pages[cp >> 8];
      c = (pg !== void 0 ? pg[cp & 255] : props(cp)) & 31;
    }
    if (prev === GB_OTHER && c === GB_OTHER) {
      out.push({ segment: text.slice(start, i), index: start, input: text });
      start = i;
      st.emoji = 0;
      st.incb = 0;
      st.riCount = 0;
    } else {
      if (prev !== -1 && !noBreak(prev, c, st)) {
        out.push({ segment: text.slice(start, i), index: start, input: text });
        start = i;
      }
      advance(st, c);
    }
    prev = c;
    i += len;
  }
  out.push({ segment: text.slice(start), index: start, input: text });
  return out;
}
class GraphemeSegmenter {
  segment(text) {
    return segmentGraphemes(String(text));
  }
  resolvedOptions() {
    return { locale: "en", granularity: "grapheme" };
  }
}
function codePoints(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 55296 && c <= 56319 && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 56320 && lo <= 57343) {
        out.push((c - 55296) * 1024 + (lo - 56320) + 65536);
        i++;
        continue;
      }
    }
    out.push(c);
  }
  return out;
}
function isRgiEmoji(cps) {
  const n = cps.length;
  if (n === 1) return (widthFlags(cps[0]) & W_RGI) !== 0;
  if (n === 2 && cps[1] === 65039) return (widthFlags(cps[0]) & W_RGI_VS) !== 0;
  if (n === 3 && cps[1] === 65039 && cps[2] === 8419) {
    const b = cps[0];
    return b >= 48 && b <= 57 || b === 35 || b === 42;
  }
  if (n === 2 && cps[0] >= 127462 && cps[0] <= 127487 && cps[1] >= 127462 && cps[1] <= 127487) return true;
  if (cps[0] === 127988 && n > 2 && cps[n - 1] === 917631) {
    for (let i2 = 1; i2 < n - 1; i2++) if (cps[i2] < 917536 || cps[i2] > 917630) return false;
    return true;
  }
  let i = 0;
  let elements = 0;
  while (i < n) {
    const base = cps[i];
    const f = widthFlags(base);
    if (!(f & W_EMOJI) || base >= 127995 && base <= 127999) return false;
    i++;
    if (i < n && cps[i] >= 127995 && cps[i] <= 127999) {
      if (!(f & W_MOD_BASE)) return false;
      i++;
    } else if (i < n && cps[i] === 65039) {
      if (!(f & (W_RGI_VS | W_RGI))) return false;
      i++;
    } else if (!(f & W_RGI)) {
      return false;
    }
    elements++;
    if (i < n) {
      if (cps[i] !== 8205 || i === n - 1) return false;
      i++;
    }
  }
  return elements > 0;
}
function couldBeEmoji(segment, cp) {
  return cp >= 126976 && cp <= 130047 || cp >= 8960 && cp <= 9215 || cp >= 9728 && cp <= 10175 || cp >= 11088 && cp <= 11093 || segment.includes("\uFE0F") || segment.length > 2;
}
function computeGraphemeWidth(segment) {
  const cps = codePoints(segment);
  let allZero = true;
  for (let i = 0; i < cps.length; i++) {
    if (!(widthFlags(cps[i]) & W_ZERO)) {
      allZero = false;
      break;
    }
  }
  if (allZero) return 0;
  if (couldBeEmoji(segment, cps[0]) && isRgiEmoji(cps)) return 2;
  let cp = -1;
  for (let i = 0; i < cps.length; i++) {
    if (widthFlags(cps[i]) & (W_ZERO | W_FORMAT)) continue;
    cp = cps[i];
    break;
  }
  if (cp === -1) return 0;
  if (cp >= 127462 && cp <= 127487) return 2;
  let width = eastAsianWidth(cp);
  if (segment.length > 1) {
    const rest = codePoints(segment.slice(1));
    for (let i = 0; i < rest.length; i++) {
      const c = rest[i];
      if (c >= 65280 && c <= 65519) width += eastAsianWidth(c);
      else if (c === 3635 || c === 3763) width += 1;
    }
  }
  return width;
}
const widthCache = /* @__PURE__ */ new Map();
function graphemeWidthJS(segment) {
  if (segment.length === 1) {
    const c = segment.charCodeAt(0);
    if (c >= 32 && c < 127) return 1;
  }
  let w = widthCache.get(segment);
  if (w === void 0) {
    w = nativeGraphemeWidth ? nativeGraphemeWidth(segment) : computeGraphemeWidth(segment);
    if (widthCache.size >= 4096) widthCache.clear();
    widthCache.set(segment, w);
  }
  return w;
}
let native;
try {
  native = require("pigo:tui-native");
} catch {
  native = void 0;
}
const nativeSegment = native?.segment;
const nativeGraphemeWidth = native?.graphemeWidth;
const nativeVisibleWidth = native?.visibleWidth;
function segmentGraphemes(text) {
  return nativeSegment ? nativeSegment(text) : segmentGraphemesJS(text);
}
const graphemeWidth = graphemeWidthJS;
// Annotate the CommonJS export names for ESM import in node:
pigo_tui_unicode_exports.GraphemeSegmenter = GraphemeSegmenter;
pigo_tui_unicode_exports.graphemeWidth = graphemeWidth;
pigo_tui_unicode_exports.nativeVisibleWidth = nativeVisibleWidth;
0 && (module.exports = {
  GraphemeSegmenter,
  eastAsianWidth,
  graphemeBreakClass,
  graphemeWidth,
  graphemeWidthJS,
  nativeVisibleWidth,
  segmentGraphemes,
  segmentGraphemesJS
});
