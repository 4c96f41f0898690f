// rules/index.html: go to the rules in the reader's first supported language (French or English).
(() => {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of languages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "fr" || base === "en") {
      location.replace(`./${base}.html${location.hash}`);
      return;
    }
  }
  location.replace(`./en.html${location.hash}`);
})();
