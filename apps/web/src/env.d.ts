/** The build's version, compared with the server's x-app-version header. */
declare const __APP_VERSION__: string;
