// The toolbar's 16 px line icons as SVG path data: drawn by icons.tsx in the app and by the first
// screen the sidecar puts in the page (ide-bridge/first-screen.ts). Pure and Node-free.

export const ICON_PATHS: Record<string, string> = {
  refresh: 'M13 8a5 5 0 1 1-1.5-3.5M13 2.5v3h-3',
  collapse: 'M4 6l4 4 4-4M4 2.5h8M4 13.5h8',
  expand: 'M4 10l4-4 4 4M4 2.5h8M4 13.5h8',
  export: 'M8 10V2.5M5 5.5l3-3 3 3M3 9v4.5h10V9',
  environments: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM2 8h12M8 2c2 2 2 10 0 12M8 2c-2 2-2 10 0 12',
  settings: 'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  back: 'M10 3L5 8l5 5',
  maximise: 'M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10',
  restore: 'M6 2.5V6H2.5M10 2.5V6h3.5M13.5 10H10v3.5M2.5 10H6v3.5',
  warning: 'M8 2.5l6 11H2zM8 6.5v3.5M8 11.5v.5',
  find: 'M7 2.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zM10.3 10.3l3.2 3.2',
};
