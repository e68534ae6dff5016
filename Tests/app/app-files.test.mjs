// The app's modules as files: each import names something its module exports, the service
// worker keeps every file offline, and elements are made one way, text never as markup.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { APP } from './fixtures.mjs';

const modules = readdirSync(APP).filter((name) => name.endsWith('.js')).sort();
const source = (name) => readFileSync(new URL(name, APP), 'utf8');
/** The text without its comments, so a comment may name what the code must not do. */
const code = (name) => source(name).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

function exportsOf(name) {
  const text = code(name);
  const names = new Set();
  for (const m of text.matchAll(/export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/g)) names.add(m[1]);
  for (const m of text.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(',')) if (part.trim()) names.add(part.trim().split(/\s+as\s+/).pop());
  }
  return names;
}

test('every import names a module of the app and something it exports', () => {
  const wrong = [];
  for (const name of modules) {
    for (const m of code(name).matchAll(/import\s*(?:\{([^}]*)\}|\*\s+as\s+[\w$]+)\s*from\s*'\.\/([^']+)'/g)) {
      const target = m[2];
      if (!modules.includes(target)) { wrong.push(`${name} imports ${target}, which is no module of the app`); continue; }
      const exported = exportsOf(target);
      for (const part of (m[1] || '').split(',').map((p) => p.trim()).filter(Boolean)) {
        const imported = part.split(/\s+as\s+/)[0];
        if (!exported.has(imported)) wrong.push(`${name} imports ${imported} from ${target}, which does not export it`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('the service worker keeps every file of the app for offline use', () => {
  const list = source('sw.js').match(/const SHELL_FILES = \[([\s\S]*?)\];/);
  assert.ok(list, 'sw.js lists its SHELL_FILES');
  const kept = new Set([...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]));
  const files = readdirSync(APP).filter((name) => /\.(js|css|html|webmanifest)$/.test(name) && name !== 'sw.js');
  const missing = files.filter((name) => !kept.has(name));
  assert.deepEqual(missing, [], 'add them to SHELL_FILES in sw.js, or the app fails to start offline');
  const gone = [...kept].filter((name) => name !== './' && !name.startsWith('icons/') && !files.includes(name));
  assert.deepEqual(gone, [], 'files SHELL_FILES names that are not in the app (the install would fail)');
});

test('no module writes markup: text is set as text', () => {
  const found = modules.flatMap((name) => [...code(name).matchAll(/\.(innerHTML|outerHTML|insertAdjacentHTML)\b|document\.write\(/g)]
    .map((m) => `${name}: ${m[0]}`));
  assert.deepEqual(found, []);
});

test('elements are made with el() from dom.js, not by hand', () => {
  const found = modules.filter((name) => name !== 'dom.js').flatMap((name) => [...code(name).matchAll(/document\.createElement\((?!'canvas'\))[^)]*\)/g)]
    .map((m) => `${name}: ${m[0]}`));
  assert.deepEqual(found, [], "make elements with el(tag, {class, text, attrs, props, on}, children) from dom.js");
});
