// A PDF written here, in the page: a multi-page annual report set in Helvetica (a standard font, so
// nothing is embedded), with headings, paragraphs, a table per page and page numbers. Deterministic:
// the same bytes on every load (corpus.random).
(function () {
  /** One PDF from pages of text runs [x, y, size, bold, text]; A4 in points. */
  function writePdf(pages) {
    const objects = [];
    const add = body => { objects.push(body); return objects.length; };
    const catalog = add(null);
    const pagesId = add(null);
    const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const escape = text => text.replace(/[\\()]/g, c => '\\' + c).replace(/[^\x20-\x7e]/g, '?');
    const kids = [];
    for (const runs of pages) {
      const stream = runs.map(([x, y, size, isBold, text]) => `BT /${isBold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${escape(text)}) Tj ET`).join('\n');
      const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
      kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`));
    }
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
    objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map(id => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`;
    let out = '%PDF-1.4\n';
    const offsets = [];
    objects.forEach((body, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${body}\nendobj\n`; });
    const xref = out.length;
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` + offsets.map(o => String(o).padStart(10, '0') + ' 00000 n \n').join('');
    out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Uint8Array.from(out, c => c.charCodeAt(0));
  }

  /** Words wrapped into lines of at most `width` characters. */
  function wrap(text, width) {
    const lines = [];
    let line = '';
    for (const word of text.split(' ')) {
      if ((line + ' ' + word).trim().length > width) { lines.push(line); line = word; } else line = (line + ' ' + word).trim();
    }
    if (line) lines.push(line);
    return lines;
  }

  function annualReport(corpus) {
    const rnd = corpus.random(11);
    const people = corpus.people(60, 11);
    const sections = ['Letter from the board', 'The year in numbers', 'Customers', 'Products', 'People', 'Operations', 'Sustainability', 'Risks', 'Financial statements', 'Outlook'];
    const pages = [];
    sections.forEach((title, index) => {
      const runs = [];
      let y = 790;
      runs.push([56, y, 20, true, `${index + 1}. ${title}`]);
      y -= 32;
      for (let p = 0; p < 3; p++) {
        const sentence = () => `Our ${corpus.pick(rnd, corpus.words)} work with ${corpus.pick(rnd, people).name} in ${corpus.pick(rnd, ['Lyon', 'Oslo', 'Porto', 'Seoul'])} grew ${Math.floor(rnd() * 40) + 2} percent against the ${corpus.pick(rnd, corpus.words)} plan.`;
        const paragraph = Array.from({ length: 4 }, sentence).join(' ');
        for (const line of wrap(paragraph, 92)) { runs.push([56, y, 10, false, line]); y -= 14; }
        y -= 10;
      }
      runs.push([56, y, 13, true, `Table ${index + 1}. ${title} by quarter`]);
      y -= 20;
      const columns = [56, 220, 300, 380, 460];
      ['Measure', 'Q1', 'Q2', 'Q3', 'Q4'].forEach((head, c) => runs.push([columns[c], y, 10, true, head]));
      y -= 16;
      for (let r = 0; r < 12; r++) {
        runs.push([columns[0], y, 10, false, `${corpus.pick(rnd, corpus.words)} ${r + 1}`]);
        for (let c = 1; c < 5; c++) runs.push([columns[c], y, 10, false, (rnd() * 1000).toFixed(1)]);
        y -= 14;
      }
      runs.push([280, 40, 9, false, `Page ${index + 1} of ${sections.length}`]);
      pages.push(runs);
    });
    return writePdf(pages);
  }
  window.corpusPdf = { annualReport };
})();
