// Shared by our host pages: deterministic generated data, and the ready signal the benchmark waits
// for (data-corpus-ready on <html>, once the app rendered and the DOM stayed quiet a moment).
(function () {
  /** A seeded PRNG (mulberry32): the same data on every load. */
  function random(seed) {
    return function () {
      seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const first = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Barbara', 'Edsger', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim', 'Hedy', 'John', 'Katherine', 'Dennis', 'Sophie', 'Niklaus', 'Leslie', 'Guido', 'Yukihiro', 'Anders', 'Bjarne', 'Shafi', 'Fei-Fei', 'Tu', 'Karen', 'Whitfield', 'Mary', 'Ivan'];
  const last = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Liskov', 'Dijkstra', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Berners-Lee', 'Lamarr', 'McCarthy', 'Johnson', 'Ritchie', 'Wilson', 'Wirth', 'Lamport', 'van Rossum', 'Matsumoto', 'Hejlsberg', 'Stroustrup', 'Goldwasser', 'Li', 'Youyou', 'Spärck Jones', 'Diffie', 'Shaw', 'Sutherland'];
  const cities = ['Lyon', 'Berlin', 'Osaka', 'Toronto', 'Lisbon', 'Nairobi', 'Melbourne', 'Austin', 'Oslo', 'Seoul', 'Porto', 'Dublin'];
  const words = 'quarterly invoice shipment refund review onboarding roadmap budget release incident audit migration contract renewal workshop interview launch retrospective backlog outage'.split(' ');
  const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
  function people(count, seed = 1) {
    const rnd = random(seed);
    return Array.from({ length: count }, (_, i) => {
      const f = pick(rnd, first), l = pick(rnd, last);
      return {
        id: 1000 + i, first: f, last: l, name: `${f} ${l}`,
        email: `${f}.${l}`.toLowerCase().replace(/[^a-z.]/g, '') + `${i}@example.com`,
        city: pick(rnd, cities), age: 20 + Math.floor(rnd() * 45), salary: 30000 + Math.floor(rnd() * 120000),
        role: pick(rnd, ['Engineer', 'Designer', 'Manager', 'Analyst', 'Support', 'Sales']),
        active: rnd() > 0.25, rating: 1 + Math.floor(rnd() * 5),
        joined: new Date(Date.UTC(2015 + Math.floor(rnd() * 10), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28))).toISOString().slice(0, 10),
        subject: `${pick(rnd, words)} ${pick(rnd, words)} — ${pick(rnd, ['follow-up', 'draft', 'approved', 'question', 'update', 'reminder'])}`,
        preview: `Hi ${f}, about the ${pick(rnd, words)}: could you look at the ${pick(rnd, words)} notes before ${pick(rnd, ['Monday', 'Friday', 'the call', 'noon', 'the release'])}? Thanks.`,
      };
    });
  }
  /** Resolves once `check()` holds, then once the DOM was quiet for `quietMs`; marks the page ready. */
  async function settle(check, { quietMs = 400, timeoutMs = 45000 } = {}) {
    const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > timeoutMs)
        throw new Error('corpus page: the app did not render in time');
      await sleep(50);
    }
    let last = performance.now();
    const observer = new MutationObserver(() => { last = performance.now(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    while (performance.now() - last < quietMs && performance.now() - started < timeoutMs)
      await sleep(50);
    observer.disconnect();
    await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    document.documentElement.dataset.corpusReady = '1';
  }
  window.corpus = { random, pick, people, words, settle };
})();
