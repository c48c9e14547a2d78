/**
 * Recurly.js in the browser, when Recurly is the card processor: the card fields are Recurly's
 * own hosted element, so the card never touches this app; a token comes back and only the token
 * is sent to the server. Loaded once from the configured address (RECURLY_JS_URL).
 */
export interface RecurlyError {
  code: string;
  message: string;
  fields?: string[];
}

export interface RecurlyCardElement {
  attach(target: HTMLElement): void;
  remove?(): void;
}

export interface RecurlyElements {
  CardElement(options?: Record<string, unknown>): RecurlyCardElement;
}

export interface RecurlyJs {
  configure(options: { publicKey: string }): void;
  Elements(): RecurlyElements;
  token(
    elements: RecurlyElements,
    form: HTMLFormElement,
    done: (error: RecurlyError | null, token?: { id: string }) => void,
  ): void;
}

declare global {
  interface Window {
    recurly?: RecurlyJs;
  }
}

let loading: Promise<RecurlyJs> | null = null;

/** Loads Recurly.js (once) and configures it with the public key. */
export function loadRecurly(scriptUrl: string, publicKey: string): Promise<RecurlyJs> {
  loading ??= new Promise<RecurlyJs>((resolve, reject) => {
    const ready = () => {
      if (!window.recurly) return reject(new Error('Recurly.js did not load'));
      window.recurly.configure({ publicKey });
      resolve(window.recurly);
    };
    if (window.recurly) return ready();
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = null;
      reject(new Error('Recurly.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Asks Recurly for a token; the answer has the same shape as the sandbox tokenizer's. */
export function recurlyToken(
  recurly: RecurlyJs,
  elements: RecurlyElements,
  form: HTMLFormElement,
): Promise<{ id: string } | { error: RecurlyError }> {
  return new Promise((resolve) => {
    recurly.token(elements, form, (error, token) => {
      if (error || !token) {
        resolve({ error: error ?? { code: 'unknown', message: 'No token came back.' } });
      } else resolve({ id: token.id });
    });
  });
}
