"""Filtros Jinja2 das páginas: datas DD/MM/AAAA, dinheiro R$ 1.234,56, papéis e medidas.

Funções puras; recebem o que os serviços devolvem (datas ISO em texto, valores em texto com
ponto decimal, `Decimal`, durações ISO-8601) e devolvem o texto que a pessoa lê, com os
formatos de `farol.formatos` (os mesmos da CLI e dos PDFs); vazio ou ilegível vira "—".
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from farol import formatos
from farol.domain.papeis import nome_do_papel
from farol.domain.procedimento.carregar import carregar_regime, regimes_disponiveis
from farol.normas.comunicacao import comunicacao
from farol.normas.custodia import nome_da_qualidade
from farol.normas.infracoes import catalogo
from farol.normas.medidas import carregar_tabela
from farol.normas.prazos import catalogo_prazos
from farol.relogio import fuso, hoje
from farol.rules.penalidades_citacoes import agravante_considerada

VAZIO = "—"


def _como_data(valor: object) -> dt.date | None:
    if valor is None or valor == "":
        return None
    if isinstance(valor, dt.datetime):
        return valor.astimezone(fuso()).date() if valor.tzinfo else valor.date()
    if isinstance(valor, dt.date):
        return valor
    texto = str(valor)
    try:
        if len(texto) > 10:
            return _como_data(dt.datetime.fromisoformat(texto))
        return dt.date.fromisoformat(texto)
    except ValueError:
        return None


def data(valor: object) -> str:
    """'2026-03-02' ou date -> '02/03/2026'; instantes com fuso vão para o horário de Brasília."""
    d = _como_data(valor)
    return VAZIO if d is None else formatos.data(d)


def data_extenso(valor: object) -> str:
    """'2026-03-01' -> '1º de março de 2026'."""
    d = _como_data(valor)
    return VAZIO if d is None else formatos.data_por_extenso(d)


def data_hora(valor: object) -> str:
    """Instante ISO (UTC) -> '02/03/2026 10:15' no horário de Brasília."""
    if valor is None or valor == "":
        return VAZIO
    try:
        instante = (
            valor if isinstance(valor, dt.datetime) else dt.datetime.fromisoformat(str(valor))
        )
    except ValueError:
        return str(valor)
    if instante.tzinfo is None:
        instante = instante.replace(tzinfo=dt.UTC)
    return formatos.data_hora(instante)


def dinheiro(valor: object) -> str:
    """Decimal ou '1234.5' -> 'R$ 1.234,50'; None -> '—'."""
    if valor is None or valor == "":
        return VAZIO
    try:
        return formatos.moeda(valor if isinstance(valor, Decimal | int) else str(valor))
    except ValueError:
        return str(valor)


def valor_de_campo(valor: object) -> str:
    """Decimal ou '1234.5' -> '1.234,50' para pôr de volta num campo de formulário."""
    texto = dinheiro(valor)
    return "" if texto == VAZIO else texto.removeprefix("R$ ").removeprefix("-R$ ")


def numero(valor: object) -> str:
    """1234 -> '1.234'; '1200.50' (decimal guardado como texto) -> '1.200,50'."""
    texto = str(valor)
    try:
        return formatos.numero(int(texto))
    except ValueError:
        pass
    try:
        return formatos.numero(Decimal(texto))
    except ArithmeticError:
        return texto


def papel(valor: object) -> str:
    """'dpc' -> 'Diretor de Portos e Costas' (normas/dados/papeis.yaml)."""
    return nome_do_papel(str(valor), desconhecido=str(valor).replace("_", " "))


def meio(valor: object) -> str:
    """O meio de ciência pelo nome: 'edital' -> 'publicação oficial' (dados/comunicacao.yaml)."""
    return comunicacao().nome_do_meio(str(valor))


def duracao(valor: object) -> str:
    """'P60D' -> '60 dias'; 'P12M' -> '12 meses'; 'P1Y' -> '1 ano'."""
    try:
        return formatos.duracao(str(valor or ""))
    except ValueError:
        return VAZIO


def medida(valor: object) -> str:
    m = carregar_tabela().medidas.get(str(valor))
    return m.nome if m else str(valor).replace("_", " ")


def autor(valor: object) -> str:
    """O nome do autor material: da tabela de medidas ou do catálogo de infrações (o
    `autor_tipo` da lavratura)."""
    a = carregar_tabela().autores.get(str(valor)) or catalogo().autores.get(str(valor))
    return a.nome if a else str(valor).replace("_", " ")


def agravante(valor: object) -> str:
    """A chave de uma circunstância agravante gravada na decisão ('ato_ilicito') com o texto e
    o dispositivo dos dados: 'emprego de embarcação na prática de ato ilícito (LESTA art. 30,
    II)'."""
    a = agravante_considerada(catalogo().regras, str(valor))
    return f"{a['texto']} ({a['fundamento']})"


def qualidade(valor: object) -> str:
    """Em que qualidade alguém assina um termo da custódia: 'proprietario' -> 'proprietário da
    embarcação' (o nome do tipo de autor); 'om' -> 'a própria OM ...'."""
    return nome_da_qualidade(str(valor))


def documento_formulario(valor: object) -> str:
    d = carregar_tabela().documentos.get(str(valor))
    return d.nome if d else str(valor).replace("_", " ")


def nome_prazo(etapa: object, regime: object = "lesta") -> str:
    """'defesa' -> 'Defesa contra o Auto de Infração' (descrição da regra de prazo)."""
    return catalogo_prazos().nome_da_etapa(str(regime), str(etapa))


def regime(valor: object) -> str:
    """'inquerito' -> 'Inquérito administrativo (...)': o nome do quadro do regime."""
    v = str(valor)
    return carregar_regime(v).nome if v in regimes_disponiveis() else v.replace("_", " ")


def contagem(valor: object) -> str:
    nomes = {"uteis": "dias úteis", "corridos": "dias corridos", "no_ato": "data fixada no ato"}
    return nomes.get(str(valor), str(valor))


def dias_desde(valor: object) -> int:
    """Dias de `valor` (data) até hoje, no horário de Brasília (positivo se já passou)."""
    d = _como_data(valor)
    return 0 if d is None else (hoje() - d).days


def dias_ate(valor: object) -> int:
    """Dias de hoje até `valor` (positivo se ainda vai chegar)."""
    return -dias_desde(valor)


def plural(n: int, singular: str, plural_: str | None = None) -> str:
    return formatos.quantidade(n, singular, plural_)


FILTROS = {
    "data": data,
    "data_extenso": data_extenso,
    "data_hora": data_hora,
    "dinheiro": dinheiro,
    "valor_de_campo": valor_de_campo,
    "numero": numero,
    "papel": papel,
    "meio": meio,
    "duracao": duracao,
    "medida": medida,
    "autor": autor,
    "agravante": agravante,
    "qualidade": qualidade,
    "documento_formulario": documento_formulario,
    "contagem": contagem,
    "nome_prazo": nome_prazo,
    "regime": regime,
    "plural": plural,
    "dias_desde": dias_desde,
    "dias_ate": dias_ate,
}
