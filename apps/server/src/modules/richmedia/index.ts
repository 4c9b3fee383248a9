// Public surface of the prebid.richmedia-filter module.
export {
  richMediaModule,
  richMediaFilterHook,
  RICHMEDIA_MODULE_CODE,
  RICHMEDIA_HOOK,
  RICHMEDIA_ACTIVITY,
  RICHMEDIA_REJECTION_CODE,
} from './module.js';
export { parseRichMediaConfig, DEFAULT_MRAID_SCRIPT_PATTERN, type RichMediaConfig } from './config.js';
