/// `/static/live.js`: tells a person reading a page that revisions were stored since it loaded.
///
/// Plain JavaScript, served by the app (the Content-Security-Policy refuses inline scripts). It
/// listens to the server's event feed and shows "N new revisions — reload" at the top of the page;
/// the page itself is not changed under the reader's eyes.
enum LiveScript {
    static let source = """
        (function () {
          "use strict";
          if (!window.EventSource) { return; }
          var count = 0;
          var banner = null;
          function show() {
            if (!banner) {
              banner = document.createElement("p");
              banner.className = "live";
              banner.id = "live";
              banner.setAttribute("role", "status");
              var main = document.querySelector("main");
              main.insertBefore(banner, main.firstChild);
            }
            banner.textContent = "";
            var link = document.createElement("a");
            link.href = window.location.href;
            link.textContent = count + (count === 1 ? " new revision" : " new revisions") + " \\u2014 reload";
            link.addEventListener("click", function (event) { event.preventDefault(); window.location.reload(); });
            banner.appendChild(link);
          }
          var source = new EventSource("/api/events");
          source.addEventListener("revision", function () { count += 1; show(); });
        })();

        """
}
