export type ApiAnswer<T = any> = {
    status: number;
    body: T;
    headers: Headers;
};
/** Calls the local API gateway the harness started (real handlers, real stand-ins). */
export declare function api<T = any>(method: string, path: string, options?: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
}): Promise<ApiAnswer<T>>;
/** Mails the SES stand-in received since `since` (epoch seconds). */
export type SentMail = {
    destination: {
        to: string[];
    };
    subject: string;
    body: {
        text?: string;
        html?: string;
    };
    attachments?: {
        filename: string;
        contentType: string;
        size: number;
        content: string;
    }[];
};
export declare function sentMails(since?: number): Promise<SentMail[]>;
