import type { LookerStudioAsset } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { ComboboxFieldProps } from '../../../components/form/combobox-field';
import { failureMessage } from '../../../lib/api';
import { lookerStudioAssetsQueryOptions } from '../api/admin.queries';
import { assetDetail, reportSearchOf } from '../utils/looker-studio';

/** Typing waits this long before searching, so a title typed quickly is one search. */
const SEARCH_DELAY_MS = 250;

const REPORT_HINT = "Search the reports by title, or paste the report's id or its Looker Studio address.";

/**
 * The Report of a Looker Studio dashboard (issue 28): a combobox searching the connection's reports by title
 * (`assets:search`), whose choice puts the report's id in the field; an id or a Looker Studio address may be pasted
 * instead. `onPicked` gets the id picked from the list.
 */
export function ReportPicker({
  connectionId,
  value,
  onPicked,
  field,
}: {
  /** The chosen connection (none yet: nothing is searched). */
  connectionId: number | null;
  /** The field's text. */
  value: string;
  onPicked: (assetName: string) => void;
  field: (props: ComboboxFieldProps) => ReactNode;
}) {
  const [picked, setPicked] = useState<LookerStudioAsset | null>(null);
  const wanted = reportSearchOf(value, picked?.name ?? null);
  const [search, setSearch] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  const assets = useQuery({
    ...lookerStudioAssetsQueryOptions(connectionId ?? 0, search),
    enabled: connectionId !== null,
    placeholderData: keepPreviousData,
  });
  const list = assets.data?.assets ?? [];
  const options = useMemo(
    () => list.map((asset) => ({ value: asset.name, label: asset.title || asset.name, detail: assetDetail(asset) })),
    [list],
  );
  const shown = [picked, ...list].find((asset) => asset && asset.name === value.trim()) ?? null;

  return field({
    label: 'Report',
    required: true,
    placeholder: 'Search by title, or paste an id or address',
    description: shown ? `${shown.title} (${assetDetail(shown)})` : REPORT_HINT,
    options,
    loading: assets.isFetching,
    failure:
      connectionId === null
        ? 'Choose a connection first.'
        : assets.isError
          ? failureMessage(assets.error, 'The reports could not be searched. You can paste the report id instead.')
          : null,
    emptyText: search ? `No report's title has '${search}'.` : 'This connection sees no report.',
    onPick: (name) => {
      setPicked(list.find((asset) => asset.name === name) ?? null);
      onPicked(name);
    },
    'data-testid': 'dashboard-assetName',
  });
}
