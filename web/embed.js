/* stridelab for documentation pages: one script tag upgrades the page's Python code
   blocks into runnable cells (docs/embedding.md).

     <script src="https://example.org/stridelab/embed.js"></script>
     <script type="module" src="https://example.org/stridelab/embed.js"></script>

   This file is a loader, valid both as a classic script and as a module, because some
   generators write plain <script src> tags (MkDocs' extra_javascript, mdBook's
   additional-js): it finds its own URL and imports the embed module beside it
   (dist/embed.js, web/src/embed/index.js), passing the folder it was served from. */
(function stridelabEmbed() {
  var self = document.currentScript;
  if (!self) {
    // A module has no currentScript: the last script tag whose file is embed.js.
    var scripts = document.querySelectorAll('script[src]');
    for (var i = scripts.length - 1; i >= 0 && !self; i -= 1) {
      if (/(^|\/)embed\.js([?#]|$)/.test(scripts[i].src)) self = scripts[i];
    }
  }
  if (!self) return;
  var base = new URL('./', self.src).href;
  function go() {
    import(new URL('dist/embed.js', base).href).then(function (m) {
      m.start({ base: base, script: self });
    }, function (err) {
      console.error('[stridelab] embed.js could not load its module:', err);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
}());
