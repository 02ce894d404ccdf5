// The zod-free half of the notice contract (../notices.ts) (decision 013).

export const NOTICE_LIMITS = { title: 100, badge: 30, paragraphs: 10, paragraph: 1000 } as const;
