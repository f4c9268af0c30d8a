// The two origins the e2e tests use: the app, and a "course page" of another origin that embeds
// it. E2E_PORT moves both (course = app + 1), so two checkouts can run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173);

export const APP_PORT = port;
export const COURSE_PORT = port + 1;
export const APP = `http://127.0.0.1:${APP_PORT}/`;
export const COURSE = `http://127.0.0.1:${COURSE_PORT}/`;
