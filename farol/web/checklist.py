"""A lista de verificação da nova inspeção, agrupada como o Inspetor Naval pensa a abordagem.

Cada item é um fato que o inspetor marca, ligado à infração do catálogo (id legal) e aos
fatos que a tabela de medidas precisa (categoria do item da dotação, se o condutor possui
habilitação). O texto legal, a penalidade e as medidas vêm do catálogo e das regras; aqui só
está a forma de perguntar.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from farol.normas.infracoes import catalogo


@dataclass(frozen=True)
class Item:
    id: str
    rotulo: str
    infracao: str
    fatos: dict[str, Any] = field(default_factory=dict)
    usa_validade: bool = False
    """O item precisa da validade da CHA/CIR do condutor (vencida há quantos anos)."""

    @property
    def texto_legal(self) -> str:
        return catalogo().infracao(self.infracao).descricao

    @property
    def fundamento(self) -> str:
        return catalogo().infracao(self.infracao).fonte.referencia()


@dataclass(frozen=True)
class Grupo:
    id: str
    titulo: str
    itens: tuple[Item, ...]


def _i(id_: str, rotulo: str, infracao: str, usa_validade: bool = False, **fatos: Any) -> Item:
    return Item(id_, rotulo, infracao, fatos, usa_validade)


GRUPOS: tuple[Grupo, ...] = (
    Grupo("habilitacao", "Habilitação do condutor", (
        _i("hab_sem", "Conduz sem habilitação (não possui CHA/CIR)", "RLESTA.11"),
        _i("hab_nao_porta", "Habilitado, mas não porta a CHA/CIR", "RLESTA.12.II",
           usa_validade=True, condutor_possui_habilitacao=True),
        _i("hab_vencida", "CHA/CIR com validade vencida", "RLESTA.12.III", usa_validade=True),
        _i("hab_sem_documentacao", "Não possui documentação de habilitação ou de saúde",
           "RLESTA.12.I"),
    )),
    Grupo("tripulacao", "Tripulação e CTS", (
        _i("cts_nao_possui", "Não possui Cartão de Tripulação de Segurança", "RLESTA.13.I"),
        _i("cts_nao_porta", "Não porta o CTS a bordo", "RLESTA.13.II"),
        _i("cts_tripulantes", "Tripulação abaixo do exigido no CTS", "RLESTA.13.III"),
        _i("rol_nao_possui", "Não possui Rol de Equipagem / Portuário", "RLESTA.14.I"),
        _i("rol_desacordo", "Rol em desacordo com o CTS", "RLESTA.14.II"),
        _i("rol_nao_porta", "Não porta o Rol a bordo", "RLESTA.14.III"),
    )),
    Grupo("documentos", "Documentos da embarcação", (
        _i("insc_nao_inscrita", "Embarcação não inscrita / não registrada", "RLESTA.16.I"),
        _i("insc_nao_porta", "Não porta o documento de inscrição (TIE/TIEM)", "RLESTA.16.II"),
        _i("cert_nao_possui", "Não possui certificado exigido", "RLESTA.19.I"),
        _i("cert_nao_porta", "Não porta certificado exigido", "RLESTA.19.II"),
        _i("cert_vencido", "Certificado com validade vencida", "RLESTA.19.III"),
        _i("marcas_nome", "Sem nome e porto de inscrição no casco", "RLESTA.17.III"),
    )),
    Grupo("dotacao", "Dotação e salvatagem", (
        _i("salv_sem", "Sem coletes / boias (salvatagem)", "RLESTA.15.I",
           categoria_item="salvatagem"),
        _i("salv_incompleta", "Salvatagem incompleta", "RLESTA.15.II", categoria_item="salvatagem"),
        _i("salv_vencida", "Item de salvatagem vencido ou em mau estado", "RLESTA.15.III",
           categoria_item="salvatagem"),
        _i("incendio_sem", "Sem extintor / combate a incêndio", "RLESTA.15.I",
           categoria_item="incendio"),
        _i("incendio_vencido", "Extintor vencido ou inoperante", "RLESTA.15.III",
           categoria_item="incendio"),
        _i("radio_sem", "Sem o equipamento de radiocomunicação exigido", "RLESTA.15.I",
           categoria_item="radiocomunicacao"),
        _i("dotacao_outros", "Outro item da dotação faltando", "RLESTA.15.II",
           categoria_item="outros"),
    )),
    Grupo("equipamentos", "Luzes e equipamentos", (
        _i("luzes_sem", "Sem luzes de navegação", "RLESTA.20.I"),
        _i("luzes_desacordo", "Luzes de navegação em desacordo", "RLESTA.20.II"),
        _i("equip_falta", "Falta equipamento de navegação exigido", "RLESTA.20.III"),
        _i("equip_defeito", "Equipamento de navegação defeituoso", "RLESTA.20.IV"),
        _i("comunicacoes_inoperantes", "Comunicações inoperantes", "RLESTA.21.I"),
        _i("protecao_motor", "Motor / eixo sem proteção (escalpelamento)", "LESTA.4-A"),
    )),
    Grupo("transporte", "Transporte", (
        _i("excesso_passageiros", "Excesso de passageiros / lotação", "RLESTA.22.II"),
        _i("excesso_carga", "Excesso de carga / borda livre", "RLESTA.22.I"),
        _i("carga_perigosa", "Carga perigosa em desacordo", "RLESTA.22.III"),
        _i("carga_conves", "Carga no convés em desacordo", "RLESTA.22.IV"),
    )),
    Grupo("trafego", "Tráfego", (
        _i("embriaguez", "Condutor embriagado ou sob efeito de substância", "RLESTA.23.I"),
        _i("area_banhistas", "Em área reservada a banhistas", "RLESTA.23.II"),
        _i("velocidade", "Velocidade acima da permitida", "RLESTA.23.VII"),
        _i("ripeam", "Descumpriu regra do RIPEAM", "RLESTA.23.IV"),
        _i("regras_regionais", "Descumpriu regra regional de tráfego (NPCP)", "RLESTA.23.VI"),
        _i("pratico", "Sem prático, quando obrigatório", "RLESTA.23.III"),
    )),
)  # fmt: skip


@cache
def itens() -> dict[str, Item]:
    return {i.id: i for g in GRUPOS for i in g.itens}
