// A tab's label, as wide all along as it is in bold (the chosen tab's weight): choosing a tab moves
// none of the others. The request's tabs shifted by up to 6 px at each click, the bold one pushing
// the rest along (app.css: .tab-label, as the settings pages' tabs).

export function TabLabel({ label }: { label: string }) {
  return (
    <span class="tab-label" data-label={label}>
      <span>{label}</span>
    </span>
  );
}
