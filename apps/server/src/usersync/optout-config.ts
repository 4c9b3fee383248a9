// Host settings of the opt-out page and GET|POST /optout (notes §2 "Host cookie & opt-out"; G
// `recaptcha_secret`, `host_cookie.opt_out_url|opt_in_url`; J `recaptcha-url`, `recaptcha-secret`).
// A proposed config fragment: the coordinator places `optoutSection` inside the user-sync section.
import { Type, type Static } from '@sinclair/typebox';
import { secret, section } from '@gavel/common';

export const optoutSection = {
  optout: section(
    {
      'recaptcha-secret': secret(
        Type.String({
          default: '',
          description: 'reCAPTCHA secret sent to the verify URL; empty = every verification fails (401)',
        }),
      ),
      'recaptcha-url': Type.String({
        default: 'https://www.google.com/recaptcha/api/siteverify',
        description: 'reCAPTCHA verify endpoint (form POST of `secret` and `response`, JSON answer)',
      }),
      'recaptcha-site-key': Type.String({
        default: '',
        description: 'reCAPTCHA site key written into /static/optout.html',
      }),
      'opt-out-url': Type.String({
        default: '',
        description: 'Where /optout redirects (301) after opting out; empty = 204 No Content',
      }),
      'opt-in-url': Type.String({
        default: '',
        description: 'Where /optout redirects (301) after opting back in; empty = 204 No Content',
      }),
      'timeout-ms': Type.Integer({
        minimum: 1,
        default: 2000,
        description: 'Time allowed for the reCAPTCHA verification; a timeout answers 401',
      }),
    },
    'Opt-out page (GET /static/optout.html) and GET|POST /optout',
  ),
};

export type OptoutConfig = Static<(typeof optoutSection)['optout']>;

export interface OptoutSettings {
  recaptchaSecret: string;
  recaptchaUrl: string;
  recaptchaSiteKey: string;
  /** '' = no redirect (204). */
  optOutUrl: string;
  /** '' = no redirect (204). */
  optInUrl: string;
  timeoutMs: number;
}

export function optoutSettingsFromConfig(c: OptoutConfig): OptoutSettings {
  return {
    recaptchaSecret: c['recaptcha-secret'],
    recaptchaUrl: c['recaptcha-url'],
    recaptchaSiteKey: c['recaptcha-site-key'],
    optOutUrl: c['opt-out-url'],
    optInUrl: c['opt-in-url'],
    timeoutMs: c['timeout-ms'],
  };
}
