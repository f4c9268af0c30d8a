// The harness's LMS: one scorm-again runtime per launch (a new attempt, or a resume that hands
// the SCO what the last session kept, as an LMS does), or a hand-written API that misbehaves.
window.lms = {
  api: null,
  version: null,
  /** What the LMS kept at the last commit it accepted (with `refuseCommitAfter`). */
  committed: null,
  /** A fresh scorm-again runtime of `version` ('1.2' or '2004'), its CMI first loaded from
   *  `initial` (flattened: {'cmi.suspend_data': …}). With `refuseCommitAfter: n` it accepts n
   *  commits and refuses the rest (error 391), keeping in `committed` only what the last
   *  accepted commit held, as an LMS that refuses LMSCommit does. */
  runtime(version, initial, { refuseCommitAfter } = {}) {
    const settings = { logLevel: 5, autocommit: false };
    const api = version === '1.2' ? new window.Scorm12API(settings) : new window.Scorm2004API(settings);
    if (initial) api.loadFromFlattenedJSON(initial);
    this.committed = null;
    // Every value the SCO sets, in order ([element, value]): what a test reads to see that
    // nothing is written twice (issue 64: an interaction rewritten on every commit).
    this.sets = [];
    const setName = version === '1.2' ? 'LMSSetValue' : 'SetValue';
    const ownSet = api[setName].bind(api);
    api[setName] = (e, v) => { this.sets.push([String(e), String(v)]); return ownSet(e, v); };
    if (refuseCommitAfter !== undefined) {
      const names = version === '1.2'
        ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic']
        : ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
      const [, , , , commit, lastError, errorString] = names;
      const own = Object.fromEntries(names.map((n) => [n, api[n].bind(api)]));
      let commits = 0;
      let refused = false;
      for (const n of names) {
        if (n === lastError || n === errorString) continue;
        api[n] = (...args) => { refused = false; return own[n](...args); };
      }
      api[commit] = (...args) => {
        commits += 1;
        if (commits > refuseCommitAfter) { refused = true; return 'false'; }
        refused = false;
        const r = own[commit](...args);
        this.committed = this.data();
        return r;
      };
      api[lastError] = () => (refused ? '391' : own[lastError]());
      api[errorString] = (c) => (String(c) === '391' ? 'General Commit Failure' : own[errorString](c));
    }
    this.install(version, api);
    return api;
  },
  /** Launches `url` in the frame under a fresh runtime (see `runtime`). */
  launch(version, url, initial, options) {
    this.runtime(version, initial, options);
    document.getElementById('sco').src = url;
  },
  /** Launches `url` in a new window under a fresh runtime on this one, as an LMS that opens
   *  the activity in a pop-up does: the SCO finds the API through `window.opener`. */
  popup(version, url, initial) {
    this.runtime(version, initial);
    this.win = window.open(url, 'sco-popup');
  },
  /** Ends the frame's page (its pagehide terminates the session), then launches it again
   *  under a new runtime that resumes from what the old one kept. */
  async relaunch(url, extra, options) {
    const old = (options && options.fromCommitted && this.committed) || this.data();
    const frame = document.getElementById('sco');
    await new Promise((done) => { frame.addEventListener('load', done, { once: true }); frame.src = 'about:blank'; });
    const v = this.version;
    const keep = v === '1.2'
      ? { 'cmi.suspend_data': old['cmi.suspend_data'] ?? '', 'cmi.core.entry': 'resume' }
      : { 'cmi.suspend_data': old['cmi.suspend_data'] ?? '', 'cmi.entry': 'resume' };
    this.launch(v, url, { ...keep, ...(extra ?? {}) }, options);
  },
  /** A hand-written API that starts but refuses every write (or, with failInit, refuses to
   *  start), answering with SCORM's own error codes. */
  broken(version, url, { failInit = false } = {}) {
    const calls = [];
    const names = version === '1.2'
      ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic']
      : ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
    const [init, term, get, set, commit, lastError, errorString, diagnostic] = names;
    let code = '0';
    const api = {
      [init]: () => { calls.push(init); code = failInit ? '101' : '0'; return failInit ? 'false' : 'true'; },
      [term]: () => 'true',
      [get]: () => { code = '0'; return ''; },
      [set]: (e) => { calls.push(`${set} ${e}`); code = '351'; return 'false'; },
      [commit]: () => { code = '391'; return 'false'; },
      [lastError]: () => code,
      [errorString]: (c) => (c === '351' ? 'General Set Failure' : c === '101' ? 'General Exception' : c === '391' ? 'General Commit Failure' : 'No Error'),
      [diagnostic]: () => '',
      calls,
    };
    this.install(version, api);
    document.getElementById('sco').src = url;
  },
  install(version, api) {
    delete window.API;
    delete window.API_1484_11;
    this.api = api;
    this.version = version;
    if (version === '1.2') window.API = api; else window.API_1484_11 = api;
  },
  /** The runtime's CMI data, flattened ({'cmi.core.score.raw': '3', …}). */
  data() {
    return this.api && this.api.getFlattenedCMI ? JSON.parse(JSON.stringify(this.api.getFlattenedCMI())) : {};
  },
};
