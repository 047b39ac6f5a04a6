import { format } from 'date-fns';

/** Admin date formats of SPEC §9, with date-fns. */
export const formatDateTime = (iso: string | Date) => format(new Date(iso), 'PPpp');
export const formatDay = (iso: string | Date) => format(new Date(iso), 'PPP');
export const formatShort = (iso: string | Date) => format(new Date(iso), 'MMM dd, yyyy HH:mm');
/** The {date} of export file names: 2026-11-21. */
export const fileDate = (date = new Date()) => format(date, 'yyyy-MM-dd');
