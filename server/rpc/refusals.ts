import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorDetailSchema, Lang } from '@/gen/dzb/v1/common_pb';
import { type ErrorCode, isErrorCode } from '@/lib/error-codes';
import { type Language, languageOf, VARIANTS } from '@/lib/variants';
import cs from '@/messages/errors/cs.json';
import en from '@/messages/errors/en.json';
import pl from '@/messages/errors/pl.json';
import type { RequestSite } from '../hosts';

/**
 * What the API says when it refuses a call, wherever the refusal is made (the edge, the
 * interceptors, a handler): the catalogue code and the request id in a dzb.v1.ErrorDetail, and
 * as the message the code's own text in the call's language, the same text the browser shows.
 * A parser's or a handler's words never reach the caller: they name internal types and speak
 * English only.
 */
const TEXTS = { cs, pl, en } satisfies Record<Language, Record<ErrorCode, string>>;

const LANGS: Partial<Record<Lang, Language>> = { [Lang.CS]: 'cs', [Lang.PL]: 'pl', [Lang.EN]: 'en' };

/** The language a call is answered in: the one its product_variant names if its site speaks it, else its site's own. */
export function refusalLanguage(site: RequestSite, lang?: Lang): Language {
  const languages = VARIANTS[site.variant].locales.map(languageOf);
  const asked = lang === undefined ? undefined : LANGS[lang];
  return asked && languages.includes(asked) ? asked : languages[0]!;
}

export function refusalText(code: ErrorCode, language: Language): string {
  return TEXTS[language][code];
}

/** A refusal as a ConnectError (its metadata becomes response headers: Retry-After, a challenge). */
export function refusal(code: ErrorCode, connectCode: Code, language: Language, requestId: string, metadata?: HeadersInit): ConnectError {
  return new ConnectError(refusalText(code, language), connectCode, metadata, [{ desc: ErrorDetailSchema, value: create(ErrorDetailSchema, { code, requestId }) }]);
}

/** The catalogue code of a Connect code: unimplemented, invalid_argument, … (its snake_case), else unknown. */
export function protocolCode(code: Code): ErrorCode {
  const name = Code[code].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return isErrorCode(name) ? name : 'unknown';
}
