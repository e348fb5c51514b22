// The page script of LitmusUI (see PageScript.swift): installed once per document.
if (!window.__litmus) { window.__litmus = (() => {
  const leafTypes = new Set(['button','link','textField','secureTextField','switch','image','staticText']);
  const textTags = new Set(['p','span','label','h1','h2','h3','h4','h5','h6','strong','em','b','i','small',
    'legend','caption','figcaption','dt','dd','td','th','pre','code','blockquote','div','summary']);
  const roleTypes = {button:'button', link:'link', switch:'switch', checkbox:'switch', textbox:'textField',
    searchbox:'textField', combobox:'textField', img:'image', image:'image', row:'cell', listitem:'cell',
    table:'table', grid:'table', list:'table', listbox:'table', status:'staticText', heading:'staticText',
    note:'staticText', paragraph:'staticText', log:'staticText', timer:'staticText', dialog:'alert',
    alertdialog:'alert', alert:'alert'};
  const containerTags = new Set(['main','nav','form','section','header','footer','aside','fieldset','article']);
  const squash = s => s.replace(/\s+/g, ' ');
  const ownText = el => Array.from(el.childNodes).some(n => n.nodeType === 3 && n.data.trim() !== '');
  const text = el => { const t = squash(el.textContent || ''); return t.trim() === '' ? (t === '' ? '' : ' ') : t.trim(); };
  function typeOf(el) {
    const tag = el.localName, role = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (role === 'none' || role === 'presentation') return null;
    if (role) return roleTypes[role] || 'other';
    switch (tag) {
      case 'button': return 'button';
      case 'a': return el.hasAttribute('href') ? 'link' : (ownText(el) ? 'staticText' : null);
      case 'input': {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        if (type === 'hidden') return null;
        if (['submit','button','reset','image'].includes(type)) return 'button';
        if (type === 'password') return 'secureTextField';
        if (type === 'checkbox') return 'switch';
        if (['radio','range','color','file'].includes(type)) return 'other';
        return 'textField';
      }
      case 'textarea': return 'textField';
      case 'select': return 'other';
      case 'img': return 'image';
      case 'table': case 'ul': case 'ol': return 'table';
      case 'tr': case 'li': return 'cell';
      case 'output': return 'staticText';
      case 'dialog': return 'alert';
    }
    if (tag === 'label' && el.querySelector('input,select,textarea,button')) return null;  // names its control
    if (textTags.has(tag) && ownText(el)) return 'staticText';
    if (containerTags.has(tag) || el.id || el.hasAttribute('data-testid') || el.hasAttribute('aria-label'))
      return 'other';
    return null;
  }
  function hidden(el) {
    if (['script','style','template','head','noscript'].includes(el.localName)) return true;
    if (el.getAttribute('aria-hidden') === 'true' || el.inert) return true;
    return el.checkVisibility ? !el.checkVisibility({visibilityProperty: true}) : false;
  }
  function byIds(el, attribute) {
    return (el.getAttribute(attribute) || '').split(/\s+/).map(id => document.getElementById(id))
      .filter(Boolean).map(text).join(' ');
  }
  function labelOf(el, type) {
    if (el.hasAttribute('aria-labelledby')) return byIds(el, 'aria-labelledby');
    if (el.hasAttribute('aria-label')) return el.getAttribute('aria-label');
    if (type === 'staticText') return text(el);
    if (el.labels && el.labels.length) return Array.from(el.labels).map(text).join(' ');
    if (el.localName === 'img') return el.getAttribute('alt') || el.getAttribute('title') || '';
    if (el.localName === 'input' && ['submit','button','reset'].includes(el.type)) return el.value;
    if (['button','link','cell'].includes(type)) return text(el) || el.getAttribute('title') || '';
    return el.getAttribute('title') || '';
  }
  function valueOf(el, type) {
    if (type === 'switch') {
      const checked = 'checked' in el && el.localName === 'input' ? el.checked : el.getAttribute('aria-checked') === 'true';
      return checked ? '1' : '0';
    }
    if (type === 'textField' || type === 'secureTextField') {
      const value = 'value' in el ? el.value : (el.textContent || '');
      if (value === '') return el.getAttribute('placeholder') || '';
      return type === 'secureTextField' ? '\u2022'.repeat(value.length) : value;
    }
    return null;
  }
  function describe(node) {
    const el = node.element, type = node.type;
    return {type, identifier: el.getAttribute('data-testid') || el.id || '', label: labelOf(el, type),
      value: valueOf(el, type), title: el.getAttribute('title') || '',
      placeholder: el.getAttribute('placeholder') || '',
      enabled: !(el.disabled || el.getAttribute('aria-disabled') === 'true' || !!el.closest('fieldset:disabled'))};
  }
  function tree() {
    const root = {element: document.documentElement, type: 'application', children: []};
    const walk = (el, parent) => {
      for (const child of el.children) {
        if (hidden(child)) continue;
        const type = typeOf(child);
        if (type) {
          const node = {element: child, type, children: []};
          parent.children.push(node);
          if (!leafTypes.has(type)) walk(child, node);
        } else walk(child, parent);
      }
    };
    if (document.body) walk(document.body, root);
    return root;
  }
  const flat = node => node.children.flatMap(child => [child, ...flat(child)]);
  function matches(node, step) {
    if (step.type && step.type !== 'any' && node.type !== step.type) return false;
    if (step.identifier === undefined) return true;
    const d = describe(node);
    return [d.identifier, d.label, d.title, d.value, d.placeholder].includes(step.identifier);
  }
  function resolve(steps) {
    let nodes = [tree()];
    for (const step of steps) {
      if (step.kind === 'descendants') nodes = unique(nodes.flatMap(flat)).filter(n => matches(n, step));
      else if (step.kind === 'children') nodes = nodes.flatMap(n => n.children).filter(n => matches(n, step));
      else if (step.kind === 'filter') nodes = nodes.filter(n => matches(n, step));
      else if (step.kind === 'containing') nodes = nodes.filter(n => flat(n).some(d => matches(d, step)));
    }
    return nodes;
  }
  function unique(nodes) {
    const seen = new Set();
    return nodes.filter(n => seen.has(n.element) ? false : (seen.add(n.element), true));
  }
  function pick(query) {
    const nodes = resolve(query.steps);
    if (query.pick === 'first') return nodes.length ? {node: nodes[0]} : {status: 'none', count: 0};
    if (query.pick === 'index') return query.index < nodes.length ? {node: nodes[query.index]}
      : {status: 'none', count: nodes.length};
    if (nodes.length === 1) return {node: nodes[0]};
    return {status: nodes.length ? 'multiple' : 'none', count: nodes.length,
      matches: nodes.slice(0, 5).map(n => line(n))};
  }
  // Whether a tap at the element's centre (whole CSS pixels, as a tap is sent) reaches it.
  function hitTest(el) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return {ok: false, reason: 'it has no size'};
    const x = Math.floor(r.left + r.width / 2), y = Math.floor(r.top + r.height / 2);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return {ok: false, reason: 'it is off screen'};
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return {ok: true, x, y};
    return {ok: false, reason: 'another element would receive the tap: ' + (hit ? hit.outerHTML.slice(0, 120) : 'none')};
  }
  const busy = () => [document.documentElement, document.body]
    .some(el => el && el.getAttribute('aria-busy') === 'true');
  function line(node) {
    const d = describe(node);
    let s = node.type[0].toUpperCase() + node.type.slice(1);
    if (d.identifier) s += ", identifier: '" + d.identifier + "'";
    if (d.label) s += ", label: '" + d.label + "'";
    if (d.value !== null && d.value !== '') s += ", value: '" + d.value + "'";
    if (d.placeholder) s += ", placeholderValue: '" + d.placeholder + "'";
    if (!d.enabled) s += ', Disabled';
    return s;
  }
  function render(node, depth) {
    return ['  '.repeat(depth) + (depth ? line(node) : "Application, title: '" + document.title + "'")]
      .concat(node.children.flatMap(c => render(c, depth + 1)));
  }
  function actionable(query) {
    const picked = pick(query);
    if (!picked.node) return picked;
    const el = picked.node.element, d = describe(picked.node);
    if (!d.enabled) return {status: 'disabled', description: line(picked.node)};
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return {status: 'notVisible', description: line(picked.node)};
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
      el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    return {status: 'candidate', element: el, description: line(picked.node)};
  }
  // Runs check() every animation frame until it returns a result or the budget runs out.
  // With `onChange`, it also runs check() as soon as the document changes (a mutation), so a
  // wait for the page's own update ends in that update, not at the next frame.
  function everyFrame(check, budget, done, onChange) {
    const end = performance.now() + budget;
    let finished = false, observer = null;
    const step = () => {
      if (finished) return;
      let result;
      try { result = check(); } catch (e) { result = {status: 'error', message: String(e)}; }
      if (result.final || performance.now() >= end) {
        finished = true;
        if (observer) observer.disconnect();
        delete result.final;
        done(result);
      } else if (!observer || !onChange) requestAnimationFrame(step);
    };
    if (onChange) {
      observer = new MutationObserver(step);
      observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
      const frame = () => { if (!finished) { step(); requestAnimationFrame(frame); } };
      requestAnimationFrame(frame);
    }
    step();
  }
  // Gives `el` the keyboard focus for typing, with the caret after its text when it did not have
  // the focus yet (WebDriver's rule for sending keys): {ok} or {ok: false, reason}.
  function focusForTyping(el) {
    if (el.readOnly) return {ok: false, reason: 'it is read-only'};
    if (document.activeElement === el) return {ok: true};
    el.focus({preventScroll: true});
    if (document.activeElement !== el && !el.contains(document.activeElement))
      return {ok: false, reason: 'it cannot take the keyboard focus'};
    try {
      if (typeof el.value === 'string' && el.setSelectionRange) el.setSelectionRange(el.value.length, el.value.length);
    } catch (e) { /* email and number fields have no selection */ }
    if (el.isContentEditable) {
      const range = document.createRange();
      range.selectNodeContents(el);
      range.collapse(false);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    return {ok: true};
  }
  // Empties a text field as WebDriver's clear does (focus, empty, `input` and `change`, blur).
  function clear(el) {
    const field = ['input', 'textarea'].includes(el.localName);
    if (!field && !el.isContentEditable) return {ok: false, reason: 'it is not a text field (nothing to clear)'};
    if (el.readOnly) return {ok: false, reason: 'it is read-only'};
    el.focus({preventScroll: true});
    if (field) el.value = ''; else el.replaceChildren();
    el.dispatchEvent(new Event('input', {bubbles: true}));
    el.dispatchEvent(new Event('change', {bubbles: true}));
    el.blur();
    return {ok: true};
  }
  // A copy of the document for a UI trace: what the page shows (fields' current values and states
  // written as attributes, a password as bullets, a hidden field's value left out), without anything
  // that could run or fetch where the trace is viewed (scripts, handlers, frames, javascript: links),
  // style sheets inlined, and the `targets` marked with data-litmus-target. With the first target's box
  // and the viewport's size.
  function capture(targets) {
    const root = document.documentElement, copy = root.cloneNode(true);
    const live = root.getElementsByTagName('*'), copied = Array.from(copy.getElementsByTagName('*'));
    const marks = new Set(targets);
    for (let i = 0; i < live.length && i < copied.length; i++) {
      const el = live[i], c = copied[i], tag = el.localName;
      if (marks.has(el)) c.setAttribute('data-litmus-target', '');
      if (tag === 'input') {
        if (el.type === 'checkbox' || el.type === 'radio') el.checked ? c.setAttribute('checked', '') : c.removeAttribute('checked');
        else if (el.type === 'password') c.setAttribute('value', '\u2022'.repeat(el.value.length));
        else if (el.type === 'hidden') c.removeAttribute('value');  // often a token: kept out of files
        else if (el.type !== 'file') c.setAttribute('value', el.value);
      } else if (tag === 'textarea') c.textContent = el.value;
      else if (tag === 'option') el.selected ? c.setAttribute('selected', '') : c.removeAttribute('selected');
      else if (tag === 'link' && /\bstylesheet\b/i.test(el.rel) && el.sheet) {
        let css = '';
        try { css = Array.from(el.sheet.cssRules, r => r.cssText).join('\n'); } catch (e) { /* another origin's */ }
        const style = document.createElement('style');
        style.textContent = css;
        c.replaceWith(style);
      }
    }
    for (const el of copy.querySelectorAll('script,noscript,template,iframe,frame,object,embed,base,link,meta[http-equiv]'))
      el.remove();
    for (const el of copy.getElementsByTagName('*'))
      for (const a of Array.from(el.attributes))
        if (/^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)) el.removeAttribute(a.name);
    const head = copy.querySelector('head');
    if (head && document.adoptedStyleSheets) for (const sheet of document.adoptedStyleSheets) {
      const style = document.createElement('style');
      style.textContent = Array.from(sheet.cssRules, r => r.cssText).join('\n');
      head.appendChild(style);
    }
    const box = targets.length ? targets[0].getBoundingClientRect() : null;
    return {dom: '<!doctype html>' + copy.outerHTML, viewport: {width: innerWidth, height: innerHeight},
      rect: box && {x: box.x, y: box.y, width: box.width, height: box.height}};
  }
  // `result` with, when the query asks for a trace, the capture of the page with `elements` marked.
  function traced(query, result, elements) {
    if (query && query.trace) result.trace = capture(elements.filter(Boolean));
    return result;
  }
  const page = Math.random().toString(36).slice(2);
  // Whether the last action started a navigation: a form submission or a link, not prevented by
  // the page's own handlers (this listener on window runs after theirs).
  let navigation = null;
  addEventListener('submit', e => { navigation = e.defaultPrevented ? 'prevented' : 'pending'; });
  addEventListener('click', e => {
    const link = e.target.closest && e.target.closest('a[href]');
    if (link && !link.getAttribute('href').startsWith('#') && !e.defaultPrevented) navigation = 'pending';
  });
  return {
    page,
    snapshot(query) {
      const picked = pick(query);
      return traced(query, picked.node ? Object.assign({status: 'ok', element: picked.node.element},
        describe(picked.node), {hittable: hitTest(picked.node.element).ok}) : picked,
        picked.node ? [picked.node.element] : []);
    },
    count(query) {
      const nodes = resolve(query.steps);
      return query.trace ? traced(query, {count: nodes.length}, nodes.map(n => n.element)) : nodes.length;
    },
    // The page for a UI trace, with the query's matches marked (none without a query).
    capture(query) { return capture(query ? resolve(query.steps).map(n => n.element) : []); },
    // Resolves at the next change of the document, or after `budget` milliseconds.
    waitForMutation(budget, done) {
      const observer = new MutationObserver(() => { observer.disconnect(); clearTimeout(timer); done({status: 'changed'}); });
      observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
      const timer = setTimeout(() => { observer.disconnect(); done({status: 'unchanged'}); }, budget);
    },
    tree() { return render(tree(), 0).join('\n'); },
    // The element's attributes once they differ from query.previous (a JSON string), or at the end.
    waitForChange(query, budget, done) {
      const plain = Object.assign({}, query, {trace: false});
      let element = null;
      everyFrame(() => {
        const now = this.snapshot(plain);
        element = now.element;
        delete now.element;
        const text = JSON.stringify(now);
        return Object.assign(now, {final: text !== query.previous, json: text});
      }, budget, result => done(traced(query, result, [element])), true);
    },
    waitForCount(query, atLeastOne, budget, done) {
      let nodes = [];
      everyFrame(() => {
        nodes = resolve(query.steps);
        const count = nodes.length;
        return {status: 'ok', count, final: atLeastOne ? count > 0 : count === 0};
      }, budget, result => done(traced(query, result, nodes.map(n => n.element))), true);
    },
    // Actionable: exactly one match, enabled, visible, stable (nothing in the document animates, or
    // the same rectangle in two frames in a row), and the topmost element at its centre (hit-testable).
    // Without an animation nothing moves between frames by itself, so the first frame's answer holds:
    // waiting a frame for it would add 16 ms to every tap. `then` ('focus' before typing, 'clear')
    // is done to the element in the frame it is found actionable, and must succeed too.
    waitForActionable(query, budget, done, then) {
      let previous = null;
      everyFrame(() => {
        const result = actionable(query);
        if (result.status !== 'candidate') { previous = null; return result; }
        const r = result.element.getBoundingClientRect();
        const rect = [r.x, r.y, r.width, r.height].join(',');
        // An animation not started yet (`pending`: it starts at the next frame) has not moved the
        // element: two frames of the same rectangle before it starts would read as at rest. Two
        // readings at one animation time (the first, outside a frame, and a frame at the same time)
        // are one frame, not two: the element may be on its way all the same.
        const animations = document.getAnimations();
        const time = document.timeline.currentTime;
        const moving = !previous || previous.element !== result.element || previous.rect !== rect
          || previous.time === time || animations.some(a => a.pending);
        if (moving && animations.length > 0) {
          previous = {element: result.element, rect, time};
          return {status: 'unstable', description: result.description};
        }
        const hit = hitTest(result.element);
        if (!hit.ok) return {status: 'obscured', reason: hit.reason, description: result.description};
        const prepared = then === 'focus' ? focusForTyping(result.element) : then === 'clear' ? clear(result.element)
          : {ok: true};
        if (!prepared.ok) return {status: 'notEditable', reason: prepared.reason, description: result.description};
        navigation = null;
        return traced(query, {status: 'ok', element: result.element, description: result.description, page,
          final: true, x: hit.x, y: hit.y}, [result.element]);
      }, budget, done);
    },
    // Before typing into whatever has the focus: whether an element has it (not the page itself).
    typingTarget() {
      navigation = null;
      const active = document.activeElement;
      return {focused: !!active && active !== document.body && active !== document.documentElement, page,
        secure: !!active && active.localName === 'input' && active.type === 'password'};
    },
    // After an action in the document `token`: done when the next document is there if the action
    // started a navigation (this script is unloaded, and called again there), else once the
    // page is not busy (`aria-busy="true"` on <html> or <body>: it is updating itself), else at once.
    // With `trace`, a settled page comes back captured, for a UI trace.
    afterAction(token, budget, done, trace) {
      everyFrame(() => {
        const status = page !== token ? 'navigated' : navigation === 'pending' ? 'waiting'
          : busy() ? 'busy' : 'none';
        return {status, final: status === 'navigated' || status === 'none'};
      }, budget, result => done(trace && ['navigated', 'none'].includes(result.status)
        ? Object.assign(result, {trace: capture([])}) : result), true);
    },
  };
})(); }
