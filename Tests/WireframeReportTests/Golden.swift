/// The expected DOT of the tests' wireframes: changed only on purpose, when the picture changes.
let goldenComparison = #"""
    digraph navigation {
      graph [rankdir=LR, fontname="sans-serif", fontsize=11];
      node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="sans-serif", fontsize=11];
      edge [fontname="sans-serif", fontsize=9];
      "home" [label="Home\nhome", id="screen-home", peripheries=2];
      "browse" [label="Browse\nbrowse", id="screen-browse"];
      "detail" [label="Detail \"new\"\ndetail", id="screen-detail"];
      "cart" [label="Basket\ncart", id="screen-cart", color="#9a6700", fillcolor="#fff8c5"];
      "checkout" [label="Checkout\ncheckout", id="screen-checkout", color="#1a7f37", fillcolor="#dafbe1"];
      "orphan" [label="Orphan\norphan", id="screen-orphan", color="#cf222e", fillcolor="#ffebe9", style="rounded,filled,dashed"];
      "home" -> "browse" [style=bold, label="tab"];
      "home" -> "cart" [style=bold, label="tab"];
      "browse" -> "detail" [label="push"];
      "cart" -> "checkout" [color="#0969da", label="button 'checkoutButton'"];
      subgraph cluster_legend {
        label="Legend";
        legend_added [label="added", color="#1a7f37", fillcolor="#dafbe1"];
        legend_removed [label="removed", color="#cf222e", fillcolor="#ffebe9", style="rounded,filled,dashed"];
        legend_modified [label="modified", color="#9a6700", fillcolor="#fff8c5"];
      }
    }

    """#

let goldenShow = #"""
    digraph navigation {
      graph [rankdir=LR, fontname="sans-serif", fontsize=11];
      node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="sans-serif", fontsize=11];
      edge [fontname="sans-serif", fontsize=9];
      "home" [label="Home\nhome", id="screen-home", peripheries=2];
      "browse" [label="Browse\nbrowse", id="screen-browse"];
      "detail" [label="Detail \"new\"\ndetail", id="screen-detail"];
      "cart" [label="Cart\ncart", id="screen-cart"];
      "orphan" [label="Orphan\norphan", id="screen-orphan", fontcolor="#57606a", xlabel="unreachable", style="rounded,filled,dotted"];
      "home" -> "browse" [style=bold, label="tab"];
      "home" -> "cart" [style=bold, label="tab"];
      "browse" -> "detail" [label="push"];
      "cart" -> "detail" [color="#0969da", label="button 'checkoutButton'"];
    }

    """#
