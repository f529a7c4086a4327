/** Pieces the online screens share: a labelled field, the name field. */
import { v as h, type VNode } from '../../board/vdom';
import type { OnlineController } from '../controller';

export function field(id: string, label: string, input: VNode): VNode {
  return h('div', { class: 'field' }, h('label', { for: id }, label), ' ', input);
}

export function nameField(ctrl: OnlineController): VNode {
  return field(
    'online-name',
    ctrl.t('name'),
    h('input', {
      id: 'online-name',
      'data-key': 'online-name',
      value: ctrl.name,
      maxlength: 24,
      autocomplete: 'nickname',
      placeholder: ctrl.t('namePlaceholder'),
      oninput: (e: Event) => ctrl.setName((e.target as HTMLInputElement).value),
    }),
  );
}
