export {
  type DecodeOptions,
  decodeText,
  detectEncoding,
  encodingForLabel,
  encodingFromBom,
  encodingFromMeta,
} from './decode.js';
export { charsetFromContent, prescanMetaCharset } from './prescan.js';
