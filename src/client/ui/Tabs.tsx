/**
 * The one row of tabs (Headless UI TabGroup): role tablist/tab, arrow keys, Home/End move and select.
 * Import it from this file, not the ui barrel: Headless UI stays out of the first screen's chunk.
 * With `panel` each option gets a tabpanel linked to its tab; without it the row only drives a
 * value (a filter) and the list below is the page's own.
 */
import type { ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-brand';

/** Each look: the row, the bar around it (when `trailing` is given), a tab, and a tab on/off. */
const LOOKS = {
  /** A white bar of equal-width tabs. */
  bar: {
    list: 'flex gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-gray-200',
    tab: `min-h-10 flex-1 rounded-lg px-2 text-sm ${FOCUS} focus-visible:outline-offset-1`,
    on: 'bg-brand font-medium text-white',
    off: 'text-gray-800 hover:bg-gray-50',
    header: '',
  },
  /** Wrapping rounded chips (record filters, trend chart views). */
  chips: {
    list: 'flex flex-wrap gap-2',
    tab: `min-h-9 rounded-full px-3 text-sm ${FOCUS} focus-visible:outline-offset-1`,
    on: 'bg-brand text-white',
    off: 'bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50',
    header: '',
  },
  /** A horizontally scrolling row of pills (lottery hall families, admin sections). */
  scroll: {
    list: 'flex gap-2 overflow-x-auto pb-1',
    tab: `min-h-10 shrink-0 rounded-full px-4 text-sm ${FOCUS} focus-visible:outline-offset-2`,
    on: 'bg-brand font-semibold text-white',
    off: 'bg-white text-gray-800',
    header: '',
  },
  /** Two or more equal pills in a rounded white track. */
  pills: {
    list: 'grid auto-cols-fr grid-flow-col gap-1 rounded-full bg-white p-1',
    tab: `min-h-10 rounded-full text-sm ${FOCUS}`,
    on: 'bg-brand text-white',
    off: 'text-gray-800',
    header: '',
  },
  /** Underlined tabs across a card's header. */
  underline: {
    list: 'flex flex-1',
    tab: `min-h-11 flex-1 border-b-2 text-sm font-medium ${FOCUS} focus-visible:-outline-offset-2`,
    on: 'border-brand text-brand',
    off: 'border-transparent text-gray-700',
    header: 'flex items-center border-b border-gray-200',
  },
} as const;

export type TabsLook = keyof typeof LOOKS;

export interface TabsProps<V extends string | number> {
  /** The tablist's accessible name. */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(v: V): void;
  look?: TabsLook;
  /** Extra classes for the row (margins). */
  className?: string;
  /** Content beside the row, in the same header (a help link). */
  trailing?: ReactNode;
  /** The panel of an option; only the selected one is rendered unless listed in `keepMounted`. */
  panel?(v: V): ReactNode;
  /** Options whose panel stays mounted (hidden) while another is selected, keeping its state. */
  keepMounted?: readonly V[];
  panelClassName?: string;
}

export function Tabs<V extends string | number>({
  label,
  value,
  options,
  onChange,
  look = 'bar',
  className = '',
  trailing,
  panel,
  keepMounted = [],
  panelClassName,
}: TabsProps<V>) {
  const l = LOOKS[look];
  const index = options.findIndex((o) => o.value === value);
  const list = (
    <TabList aria-label={label} className={`${l.list} ${className}`}>
      {options.map((o) => (
        <Tab
          key={String(o.value)}
          className={({ selected }) => `${l.tab} ${selected ? l.on : l.off}`}
        >
          {o.label}
        </Tab>
      ))}
    </TabList>
  );
  return (
    <TabGroup
      as="div"
      selectedIndex={Math.max(0, index)}
      onChange={(i) => {
        const o = options[i];
        if (o) onChange(o.value);
      }}
    >
      {trailing ? (
        <div className={l.header}>
          {list}
          {trailing}
        </div>
      ) : (
        list
      )}
      {panel && (
        <TabPanels>
          {options.map((o) => (
            <TabPanel
              key={String(o.value)}
              unmount={!keepMounted.includes(o.value)}
              className={panelClassName}
            >
              {o.value === value || keepMounted.includes(o.value) ? panel(o.value) : null}
            </TabPanel>
          ))}
        </TabPanels>
      )}
    </TabGroup>
  );
}
